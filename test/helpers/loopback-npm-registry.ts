// A registry on 127.0.0.1 holding one package, this checkout packed (pack.ts), as the npm registry serves
// a published version: its packument at /<name> and its tarball, with the integrity npm checks
// (https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md). Pointed at by npm_config_registry, it
// lets a pipeline run `npx <name>@<version>`, the GitLab component's default `package` input, as a team
// runs the published package, without the network. Any other request is answered 404 and kept in `refused`.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { LoopbackServer } from './loopback-server.ts'
import { packedTarball, tarballFiles } from './pack.ts'

export interface LoopbackNpmRegistry {
  /** `http://127.0.0.1:<port>/`, npm_config_registry's form. */
  readonly url: string
  /** Every request, as `METHOD path`. */
  readonly requests: string[]
  /** The requests that were neither the packument nor the tarball. */
  readonly refused: string[]
  /** The tarball's path on this registry. */
  readonly tarballPath: string
  close(): Promise<void>
}

/** Starts a loopback registry serving the packed tarball as `<name>@<version>`, its `latest`. */
export async function startLoopbackNpmRegistry(): Promise<LoopbackNpmRegistry> {
  const file = await packedTarball()
  const tarball = readFileSync(file)
  const manifest = JSON.parse(tarballFiles(file).get('package.json')!.toString('utf8')) as { name: string; version: string }
  const { name, version } = manifest
  const tarballPath = `/${name}/-/${name}-${version}.tgz`
  const requests: string[] = []
  const refused: string[] = []
  const server = new LoopbackServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://registry').pathname
    requests.push(`${req.method} ${path}`)
    if (req.method === 'GET' && path === `/${name}`) {
      const dist = {
        tarball: `${server.url}${tarballPath}`,
        integrity: `sha512-${createHash('sha512').update(tarball).digest('base64')}`,
        shasum: createHash('sha1').update(tarball).digest('hex'),
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ name, 'dist-tags': { latest: version }, versions: { [version]: { ...manifest, dist } } }))
    } else if (req.method === 'GET' && path === tarballPath) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tarball.length })
      res.end(tarball)
    } else {
      refused.push(`${req.method} ${path}`)
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end('{"error":"Not found"}')
    }
  })
  await server.listen()
  return { url: `${server.url}/`, requests, refused, tarballPath, close: () => server.close() }
}
