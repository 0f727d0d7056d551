/**
 * How long an idle keep-alive connection stays open. Node's default, 5 s, is shorter than what a
 * reverse proxy or load balancer in front of the nodes keeps its own idle connections (nginx's
 * upstream keepalive and cloud balancers: 60 s): the proxy then sends a request on a connection the
 * node is closing that very moment and answers its visitor 502. The same race hit HTTP clients on a
 * loaded machine (a request sent on a connection closed while the client was busy: "other side
 * closed"). Longer than the proxies' 60 s, so that they always close first; the server says so in
 * its `Keep-Alive: timeout=65` header. A stop closes idle connections at once (server/stop.ts).
 */
import type { Server } from 'node:http';

export const KEEP_ALIVE_MS = 65_000;

export function keepAliveLongerThanProxies(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
}
