import { createContext, useContext } from 'react'

const StylesheetContext = createContext('')
/** The stylesheet's text, given by the server's entry alone: the browser's bundle never carries it. */
export const StylesheetProvider = StylesheetContext.Provider
export const useStylesheetText = () => useContext(StylesheetContext)
