export default function Index() {
  return <h1>Hello from a bare React Router route</h1>
}
