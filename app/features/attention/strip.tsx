import { Link } from 'react-router'
import type { Attention } from '#domain/contracts/schedule'
import { attentionItems } from './items'

/**
 * The Attention strip: what needs acting on now, most urgent first, each line a link to
 * where it is done. On the dashboard (people with view), Capacity and the Schedule; plain links, so
 * it works the same without JavaScript.
 */
export function AttentionStrip({ attention }: { attention: Attention | null }) {
  if (!attention) return null
  const items = attentionItems(attention)
  return (
    <section className="card attention" aria-labelledby="attention-heading">
      <h2 id="attention-heading">Attention</h2>
      {items.length === 0 ? (
        <p className="empty">Nothing needs attention now.</p>
      ) : (
        <ul className="attention-list">
          {items.map((item) => (
            <li key={item.key} className={`attention-item attention-${item.key}`}>
              <Link to={item.href}>
                <strong>{item.headline}</strong>
              </Link>
              <span>{item.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
