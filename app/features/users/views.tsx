import { Link } from 'react-router'
import { shown } from '#app/lib/display'
import { ActionsMenu } from './actions-menu'
import { type Row } from './query'
import { StatusBadge } from './status-badge'

/** The three ways User management shows its rows (table, board, list), and the pages line. */

function RowActions({ user }: { user: Row }) {
  return (
    <ActionsMenu label={`Actions for ${user.fullName || user.email}`}>
      <Link to={`/users/${user._id}/profile`}>View Profile</Link>
    </ActionsMenu>
  )
}

export function UserTable({ users }: { users: Row[] }) {
  return (
    <div className="card table-card">
      <table className="table stacked-table" aria-label="Users">
        <thead>
          <tr>
            <th scope="col">Employee ID</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Joined</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id}>
              <td data-label="Employee ID">{shown(user.employId)}</td>
              <td data-label="Name">{shown(user.fullName)}</td>
              <td data-label="Email" className="cell-email">{user.email}</td>
              <td data-label="Role">{user.role}</td>
              <td data-label="Status">
                <StatusBadge status={user.status} />
              </td>
              <td data-label="Joined">{shown(user.joined)}</td>
              <td className="cell-actions" data-label="Actions">
                <RowActions user={user} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function UserBoard({ users }: { users: Row[] }) {
  return (
    <ul className="user-board" aria-label="Users">
      {users.map((user) => (
        <li key={user._id} className="card user-card">
          <div className="user-card-head">
            <strong>{shown(user.fullName)}</strong>
            <RowActions user={user} />
          </div>
          <span className="muted-text">{user.email}</span>
          <dl className="details">
            <dt>Employee ID</dt>
            <dd>{shown(user.employId)}</dd>
            <dt>Designation</dt>
            <dd>{shown(user.designation)}</dd>
            <dt>Role</dt>
            <dd>{user.role}</dd>
            <dt>Joined</dt>
            <dd>{shown(user.joined)}</dd>
          </dl>
          <StatusBadge status={user.status} />
        </li>
      ))}
    </ul>
  )
}

export function UserList({ users }: { users: Row[] }) {
  return (
    <ul className="card user-list" aria-label="Users">
      {users.map((user) => (
        <li key={user._id}>
          <div className="user-list-main">
            <strong>{shown(user.fullName)}</strong>
            <span className="muted-text">{user.email}</span>
          </div>
          <span>{user.role}</span>
          <StatusBadge status={user.status} />
          <RowActions user={user} />
        </li>
      ))}
    </ul>
  )
}
