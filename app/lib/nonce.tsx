import { createContext, useContext } from 'react'

const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
/** The CSP nonce of this response: the browser runs only scripts that carry it. */
export const useNonce = () => useContext(NonceContext)
