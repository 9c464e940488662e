import { redirect } from '@remix-run/node'

/** Any unknown path goes to /login (the route table). */
export const loader = () => redirect('/login')
export const action = () => redirect('/login')
