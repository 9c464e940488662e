export default function Index() {
  return <h1>Hello from a bare Remix route</h1>
}
