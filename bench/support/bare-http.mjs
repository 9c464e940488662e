// The benchmarks' floor: a bare node:http server answering, for each path, exactly the bytes (and
// the content headers) the portal answered it, with no work at all. Its own process, so the load
// generator never shares its event loop. The answers arrive by IPC; it then says "ready".
import http from 'node:http'

process.once('message', ({ answers }) => {
  const byPath = new Map(answers.map((answer) => [`${answer.method} ${answer.path}`, { ...answer, body: Buffer.from(answer.body, 'base64') }]))
  const server = http.createServer((req, res) => {
    const answer = byPath.get(`${req.method} ${req.url}`)
    if (!answer) {
      res.writeHead(404).end()
      return
    }
    // A POST's body is read before answering, as any server must.
    req.resume()
    req.on('end', () => res.writeHead(answer.status, answer.headers).end(answer.body))
  })
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }))
})
