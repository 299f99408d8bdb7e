/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Run by store-memory.test.ts as `node --expose-gc --import tsx`: sends 100,000 destinations
 * through the service in-process and prints, as JSON, the heap each destination keeps afterwards
 * in all (the kept batch and the submission counts) and in the kept batch alone.
 */
import { SmsService } from '../../simulator/service';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const COUNT = 100_000;
const HEADERS = {
	accept: 'application/json',
	'content-type': 'application/json',
	authorization: 'key k',
};
/** A long text: a copy of it per destination would show at once. */
const TEXT = 'Your parcel is on its way. '.repeat(37);

function measure(unit: unknown): { total: number; store: number } {
	const service = new SmsService([{ id: 'bulk', apiKey: 'k', balance: 1e9, senders: ['Bulk'] }]);
	const body = JSON.stringify(unit);
	gc?.();
	const before = process.memoryUsage().heapUsed;
	service.handle({ method: 'POST', path: '/v5/message/sms/send', headers: HEADERS, body });
	gc?.();
	const after = process.memoryUsage().heapUsed;
	// The store is private; clearing it alone shows its share.
	(service as unknown as { store: { clear(): void } }).store.clear();
	gc?.();
	const withoutStore = process.memoryUsage().heapUsed;
	return { total: (after - before) / COUNT, store: (after - withoutStore) / COUNT };
}

const numbers = Array.from({ length: COUNT }, (_, i) => `02${String(i).padStart(8, '0')}`);
const plain = measure({ text: TEXT, type: 0, sender: 'Bulk', destinations: numbers });
const personalised = measure({
	text: 'Dear {$name}, you owe {$amount}',
	type: 0,
	sender: 'Bulk',
	destinations: numbers.map((number, i) => ({ number, values: [`N${i}`, i] })),
});
process.stdout.write(`${JSON.stringify({ textLength: TEXT.length, plain, personalised })}\n`);
