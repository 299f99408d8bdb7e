/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/** Reading a request off the socket: its path, its query string and its body. */
import type { IncomingMessage } from 'node:http';

export function pathOf(url: string | undefined): string {
	const raw = url ?? '/';
	const query = raw.indexOf('?');
	return query < 0 ? raw : raw.slice(0, query);
}

export function queryOf(url: string | undefined): string {
	const raw = url ?? '';
	const query = raw.indexOf('?');
	return query < 0 ? '' : raw.slice(query + 1);
}

export function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}
