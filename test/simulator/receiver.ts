/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** A local receiver for delivery reports, shared by the callback tests. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
	method: string;
	path: string;
	headers: IncomingMessage['headers'];
	body: string;
}

/** A local receiver for delivery reports; `answer` decides each reply (default 200). */
export class Receiver {
	readonly received: Received[] = [];
	answer: (req: Received, res: ServerResponse) => void = (_req, res) => res.end('ok');
	private server: Server | undefined;
	private port = 0;

	async start(host = '127.0.0.1'): Promise<void> {
		const server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				const got = {
					method: req.method ?? '',
					path: req.url ?? '',
					headers: req.headers,
					body: Buffer.concat(chunks).toString(),
				};
				this.received.push(got);
				this.answer(got, res);
			});
		});
		await new Promise<void>((resolve) => server.listen(0, host, resolve));
		this.server = server;
		this.port = (server.address() as AddressInfo).port;
	}

	url(path = '/dlr', host = '127.0.0.1'): string {
		return `http://${host}:${this.port}${path}`;
	}

	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		if (!server) return;
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
}
