import { createContext, useContext, useState } from 'react'

const StylesheetContext = createContext<string | null>(null)
/** The stylesheet's text, given by the server's render (app/entry.server.tsx). */
export const StylesheetProvider = StylesheetContext.Provider

/**
 * The whole stylesheet inside the document, so the first paint waits on the document alone (issue
 * 14's Lighthouse goal). The server writes the text; in the browser it is read back from the page,
 * so hydration and every later render keep it as it is.
 */
export function InlineStylesheet() {
  const fromServer = useContext(StylesheetContext)
  const [text] = useState(() => fromServer ?? (typeof document === 'undefined' ? '' : (document.getElementById('stylesheet')?.textContent ?? '')))
  return <style id="stylesheet" dangerouslySetInnerHTML={{ __html: text }} />
}
