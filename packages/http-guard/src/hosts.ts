const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** A Host header value: a name (or bracketed IPv6 address) and an optional port, nothing else. */
const HOST_VALUE = /^(\[[0-9a-f:.]+\]|[^\s:/?#[\]@]+)(?::(\d{1,5}))?$/i;

/**
 * Whether a bind address or host name only reaches this machine: `localhost`, `127.x.x.x` or `::1`.
 *
 * @example
 * ```ts
 * isLoopback('127.0.0.1'); // true
 * isLoopback('0.0.0.0'); // false
 * ```
 */
export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || IPV4_LOOPBACK.test(host);
}

/**
 * Whether a `Host` header value names this machine by a loopback name, on any port (`localhost:3000`,
 * `127.0.0.1`, `[::1]:8080`). Look-alikes (`localhost.`, `127.0.0.1.evil.test`) are not loopback.
 *
 * @example
 * ```ts
 * isLoopbackHost('LOCALHOST:3000'); // true
 * isLoopbackHost('localhost.evil.test:3000'); // false
 * ```
 */
export function isLoopbackHost(host: string): boolean {
  const match = HOST_VALUE.exec(host);
  if (match === null) return false;
  const name = (match[1] as string).toLowerCase();
  const port = match[2];
  if (port !== undefined && Number(port) > 65535) return false;
  return name === 'localhost' || name === '[::1]' || IPV4_LOOPBACK.test(name);
}

/**
 * The Host header values a loopback server answers to on `port` (DNS rebinding protection).
 *
 * @example
 * ```ts
 * loopbackHosts(3000); // ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']
 * ```
 */
export function loopbackHosts(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((name) => `${name}:${port}`);
}

/**
 * The Origin values a loopback server accepts from browsers on `port`.
 *
 * @example
 * ```ts
 * loopbackOrigins(3000).includes('http://localhost:3000'); // true
 * ```
 */
export function loopbackOrigins(port: number): string[] {
  return loopbackHosts(port).flatMap((host) => [`http://${host}`, `https://${host}`]);
}
