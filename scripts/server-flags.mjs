/**
 * The V8 flags both server processes run with: `npm start` passes them, and the benches start the
 * processes with them, as production runs. Running `node build/server/*.js` yourself (scale-out,
 * README), pass them too.
 *
 * A young generation of 4 MB semispaces instead of Node's 16. A page's render is short-lived
 * garbage; with the larger nursery the web ended bench:production's load holding 260-295 MB,
 * 30 MB of it live, and now holds about 150 MB (the API 290-330 MB, against 280-400). The price
 * is more frequent scavenges: garbage collection went from 8 to 17 % of the web's CPU on /login,
 * about 5 % of its requests per second, inside the machine's run-to-run spread.
 * docs/decisions.md has the figures.
 */
export const SERVER_FLAGS = ['--max-semi-space-size=4']
