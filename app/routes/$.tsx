import { redirect } from 'react-router'

/** Any unknown path goes to /login (the route table). */
export const loader = () => redirect('/login')
export const action = () => redirect('/login')
