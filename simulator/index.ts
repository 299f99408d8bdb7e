/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Local simulator of the SMS service, after the SMSOnlineGH v5 API documentation
 * (dev.smsonlinegh.com/docs/v5/http), gaps filled from the vendor's SDK (Zenoph.Notify), in the
 * dialect of either (see Dialect in types.ts). The HTTP layer lives here: journal, faults, control endpoint and connection handling. The
 * service's own rules are in service.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { format } from 'node:util';
import { refusal } from './callbacks';
import { handleControl, isControlPath } from './control';
import { pathOf, queryOf, readBody } from './http';
import { afterProcessingFault, statusFault } from './fault-answers';
import { deliverTargets } from './delivery';
import { DEMO_CONFIG } from './demo';
import { answer, answerStreamed, type Exchange, noteOutcome, resetConnection } from './exchange';
import { DEFAULT_FAULT_HANDSHAKE, FaultBook, type FaultHit } from './faults';
import { deepAnswer, oversizedAnswer } from './oversized';
import { SmsService } from './service';
import type { CallbackTarget } from './store';
import type {
	BatchView,
	CallbackBatch,
	DeliveryAttempt,
	Dialect,
	DialectSettings,
	FaultSpec,
	JournalEntry,
	RefusedBatches,
	SimulatorApi,
	SimulatorConfig,
	TemplateReading,
} from './types';
import { mediaFormat, validateSettings } from './wire';

export * from './types';
export { DEMO_ACCOUNT, DEMO_CONFIG } from './demo';

const HOST = '127.0.0.1';

export class Simulator implements SimulatorApi {
	private readonly service: SmsService;
	private readonly faults = new FaultBook();
	private readonly entries: JournalEntry[] = [];
	private readonly sockets = new Set<Socket>();
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly attempts: DeliveryAttempt[] = [];
	private server: Server | undefined;
	private url = '';
	private seq = 0;
	private deliverySeq = 0;
	/** Delivery runs one after another, so two calls never post the same report twice. */
	private deliveryQueue: Promise<unknown> = Promise.resolve();
	/** Aborted by stop(): reports in flight fail and the run ends. */
	private deliveryAbort = new AbortController();

	/** `new Simulator()`: the demo account, the 'sdk' dialect, the 'distinct' template reading. */
	constructor(config: SimulatorConfig = DEMO_CONFIG) {
		const { accounts, ...settings } = config;
		this.service = new SmsService(
			accounts ?? DEMO_CONFIG.accounts ?? [],
			validateSettings(settings),
		);
	}

	get dialect(): Dialect {
		return this.service.settings.dialect;
	}

	get templates(): TemplateReading {
		return this.service.settings.templates;
	}

	get deliverAfterMs(): number {
		return this.service.settings.deliverAfterMs;
	}

	get refusedBatches(): RefusedBatches {
		return this.service.settings.refusedBatches;
	}

	/** Throws on an unknown value, so a mistyped test fails loudly. */
	setDialect(settings: Partial<DialectSettings>): void {
		this.service.setSettings(validateSettings(settings));
	}

	get baseUrl(): string {
		if (!this.url) throw new Error('Simulator not started');
		return this.url;
	}

	get journal(): readonly JournalEntry[] {
		return this.entries;
	}

	get deliveries(): readonly DeliveryAttempt[] {
		return this.attempts;
	}

	async start(port = 0): Promise<string> {
		if (this.server) throw new Error('Simulator already started');
		const server = createServer((req, res) => this.onRequest(req, res));
		server.on('connection', (socket) => this.track(socket));
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(port, HOST, () => {
				server.off('error', reject);
				resolve();
			});
		});
		this.server = server;
		this.url = `http://${HOST}:${(server.address() as AddressInfo).port}`;
		return this.url;
	}

	/** Destroys every socket first, so hung requests and idle keep-alive connections cannot hold it open. */
	async stop(): Promise<void> {
		const server = this.server;
		if (!server) return;
		this.server = undefined;
		this.url = '';
		this.deliveryAbort.abort();
		this.deliveryAbort = new AbortController();
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		for (const socket of this.sockets) socket.destroy();
		this.sockets.clear();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}

	submissionCount(number: string): number {
		return this.service.submissionCount(number);
	}

	submissionCounts(): Record<string, number> {
		return this.service.submissionCounts();
	}

	balance(accountId: string): number {
		return this.service.balance(accountId);
	}

	setBalance(accountId: string, balance: number): void {
		this.service.setBalance(accountId, balance);
	}

	senders(accountId: string): string[] {
		return this.service.senders(accountId);
	}

	setSenders(accountId: string, senders: readonly string[]): void {
		this.service.setSenders(accountId, senders);
	}

	voiceTemplates(accountId: string): string[] {
		return this.service.voiceTemplates(accountId);
	}

	setVoiceTemplates(accountId: string, names: readonly string[]): void {
		this.service.setVoiceTemplates(accountId, names);
	}

	addFault(fault: FaultSpec): void {
		this.faults.add(fault);
	}

	clearFaults(): void {
		this.faults.clear();
	}

	reset(): void {
		this.entries.length = 0;
		this.seq = 0;
		this.attempts.length = 0;
		this.deliverySeq = 0;
		this.faults.clear();
		this.service.reset();
	}

	callbackBatch(batch: string): CallbackBatch | undefined {
		return this.service.callbackBatch(batch);
	}

	batch(batch: string): BatchView | undefined {
		return this.service.batchView(batch);
	}

	setOutcome(batch: string, status: number, numbers?: readonly string[]): number {
		return this.service.setOutcome(batch, status, numbers);
	}

	deliverReports(batch?: string): Promise<number> {
		// Checked now, so a bad call fails at once rather than after earlier runs finish.
		let targets: CallbackTarget[];
		try {
			targets = batch === undefined ? this.service.callbackTargets() : [this.explicitTarget(batch)];
		} catch (error) {
			return Promise.reject(error);
		}
		const run = this.deliveryQueue.then(() =>
			deliverTargets(this.service, targets, this.deliveryAbort.signal, (attempt) =>
				this.note(attempt),
			),
		);
		this.deliveryQueue = run.catch(() => undefined);
		return run;
	}

	private explicitTarget(batch: string): CallbackTarget {
		const kept = this.service.callbackTarget(batch);
		if (!kept) throw new Error(`No batch ${batch} sent with a callback`);
		const refused = refusal(kept.callback.url);
		if (refused) throw new Error(refused);
		return kept;
	}

	private note(attempt: Omit<DeliveryAttempt, 'seq'>): void {
		this.attempts.push({ seq: ++this.deliverySeq, ...attempt });
	}

	/* ------------------------------------------------------------------ HTTP */

	private track(socket: Socket): void {
		this.sockets.add(socket);
		socket.on('close', () => this.sockets.delete(socket));
	}

	private onRequest(req: IncomingMessage, res: ServerResponse): void {
		const path = pathOf(req.url);
		const method = req.method ?? 'GET';
		if (isControlPath(path)) {
			void readBody(req).then(
				(body) => handleControl(this, method, path, body, res),
				() => req.socket.destroy(),
			);
			return;
		}
		// Journal and fault counting happen on arrival, so their order is the order requests came in.
		const exchange: Exchange = {
			req,
			res,
			entry: this.record(req, method, path),
			arrived: performance.now(),
		};
		const hit = this.faults.take(path);
		if (hit.fault || hit.latency) exchange.entry.fault = hit.fault?.kind ?? 'latency';
		readBody(req)
			.then((body) => this.serve(exchange, hit, body))
			.catch((error: unknown) => {
				// A simulator bug must not pass for a service answer: drop the connection and say why.
				process.stderr.write(`${format('simulator: request failed', error)}\n`);
				req.socket.destroy();
			});
	}

	private record(req: IncomingMessage, method: string, path: string): JournalEntry {
		const entry: JournalEntry = {
			seq: ++this.seq,
			method,
			path,
			headers: { ...req.headers },
			rawBody: '',
			httpStatus: 0,
			submitted: false,
		};
		const format = mediaFormat(req.headers['content-type']);
		if (format) entry.format = format;
		this.entries.push(entry);
		return entry;
	}

	private async serve(exchange: Exchange, hit: FaultHit, body: string): Promise<void> {
		const { req, entry } = exchange;
		entry.rawBody = body;
		if (hit.latencyMs > 0) await this.sleep(hit.latencyMs);
		if (!this.server || req.socket.destroyed) return;
		const fault = hit.fault;
		if (fault && this.failsBeforeProcessing(fault, exchange)) return;

		const query = queryOf(req.url);
		const response = this.service.handle({
			method: entry.method,
			path: entry.path,
			query,
			headers: req.headers,
			body,
		});
		noteOutcome(entry, response);
		if (fault?.kind === 'resetAfter') {
			delete entry.handshake;
			resetConnection(exchange);
			return;
		}
		if (fault?.kind === 'gzipBomb' || fault?.kind === 'huge')
			return answerStreamed(exchange, oversizedAnswer(fault, response));
		answer(
			exchange,
			afterProcessingFault(fault, fault?.kind === 'deep' ? deepAnswer(fault, response) : response),
		);
	}

	/** Faults that stand in for the service: nothing is processed, nothing submitted. */
	private failsBeforeProcessing(fault: FaultSpec, exchange: Exchange): boolean {
		switch (fault.kind) {
			case 'http500':
			case 'http503':
			case 'http429':
				answer(exchange, statusFault(fault));
				return true;
			case 'resetBefore':
				resetConnection(exchange);
				return true;
			case 'handshake':
				answer(
					exchange,
					this.service.handshakeAnswer(
						exchange.req.headers.accept,
						fault.handshakeId ?? DEFAULT_FAULT_HANDSHAKE,
					),
				);
				return true;
			case 'hang':
				// Left unanswered on purpose; stop() destroys the socket.
				return true;
			default:
				return false;
		}
	}

	private sleep(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				resolve();
			}, ms);
			this.timers.add(timer);
		});
	}
}
