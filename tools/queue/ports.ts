/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Free TCP ports on the loopback interface, and whether something answers on one. */
import * as net from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** A port the system has just handed out on 127.0.0.1 (free when asked; taken soon after by the caller). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, LOOPBACK, () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** `count` distinct free ports. */
export async function freePorts(count: number): Promise<number[]> {
	const ports = new Set<number>();
	while (ports.size < count) ports.add(await freePort());
	return [...ports];
}

/** Sends `request` over TCP and resolves to what came back first (empty on any error or after 2 s). */
export function tcpExchange(port: number, request: string): Promise<string> {
	return new Promise((resolve) => {
		const socket = net.connect({ host: LOOPBACK, port });
		let answer = '';
		const done = () => {
			socket.destroy();
			resolve(answer);
		};
		socket.setTimeout(2000, done);
		socket.once('error', done);
		socket.once('connect', () => socket.write(request));
		socket.on('data', (chunk) => {
			answer += chunk.toString();
			done();
		});
	});
}
