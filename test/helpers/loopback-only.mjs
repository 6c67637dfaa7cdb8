// Preloaded (`--import`) into the test runner and into every process a test starts: a connection to any
// address but loopback fails at once, before a DNS lookup, with one `[loopback-only]` line on stderr. So no
// test can reach the outside world, whatever address a tool is given; test/e2e/loopback-only.e2e.test.ts
// proves it. Plain JavaScript, because it loads before any TypeScript loader.
import module from 'node:module'
import net from 'node:net'

// Node >= 22.1 keeps the code it compiled in the OS temp folder, so the hundreds of command runs a suite
// starts compile each script once, not once a run (a no-op on Node 20). Tests only: the published command
// leaves users' temp folders alone. https://nodejs.org/api/module.html#module-compile-cache
try {
  module.enableCompileCache?.()
} catch {}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(\.\d{1,3}){3})$/i
const connect = net.Socket.prototype.connect

// net.connect() and tls.connect() call socket.connect() with normalised arguments ([options, callback]);
// a direct call passes (options[, callback]) or (port[, host][, callback]).
const target = (args) => {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0]
  if (first !== null && typeof first === 'object') {
    // A local (Unix) socket has a path and no port; http's own options carry a `path` of their own.
    const local = typeof first.path === 'string' && first.path !== '' && first.port == null
    return { local, host: first.host ?? 'localhost', port: first.port }
  }
  return { local: false, host: typeof args[1] === 'string' ? args[1] : 'localhost', port: first }
}

net.Socket.prototype.connect = function (...args) {
  const { local, host, port } = target(args)
  if (!local && !LOOPBACK.test(String(host))) {
    process.stderr.write(`[loopback-only] refused a connection to ${host}:${port}: tests reach 127.0.0.1 only\n`)
    const error = Object.assign(new Error(`loopback-only: connection to ${host}:${port} refused`), { code: 'ECONNREFUSED' })
    process.nextTick(() => this.destroy(error))
    return this
  }
  return connect.apply(this, args)
}
