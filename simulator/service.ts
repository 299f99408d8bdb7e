/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The SMS service itself: routing, header checks, authentication, then the operation. It knows
 * nothing of sockets or faults, so each rule can be read in one place. Authentication is in
 * accounts.ts; the operations in send.ts, reports.ts, scheduled.ts, update.ts and profile.ts;
 * the kept batches in store.ts; answer shapes in answers.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { AccountBook, type AccountState } from './accounts';
import { reportData } from './answers';
import { type Answer, type Call } from './calls';
import { encodeEnvelope, type EnvelopeData } from './envelope';
import { HSHK, handshakeLabel } from './labels';
import { UsedIds } from './msgids';
import { isValidNumber, normaliseNumber } from './numbers';
import { profileData } from './profile';
import { formParameters, report, reportDestinations } from './reports';
import { methodsOf, routeOf, type Operation } from './routes';
import { cancel, dispatch, scheduledDestinations, scheduledList, scheduledOne } from './scheduled';
import { sendMessage } from './send';
import {
	BatchStore,
	FINAL_STATUSES,
	finalise,
	forceOutcome,
	type CallbackTarget,
	type Destination,
	type StoredBatch,
} from './store';
import type {
	BatchView,
	CallbackBatch,
	DataFormat,
	DecodedUnit,
	DecodedVoice,
	DialectSettings,
	SimAccount,
} from './types';
import { update } from './update';
import { callbackViewOf, viewOf } from './views';
import { voiceSend } from './voice';
import { FORM_TYPE, MULTIPART_TYPE, essenceOf } from './voice-codec';
import {
	DEFAULT_SETTINGS,
	acceptOf,
	contentTypeFor,
	mediaFormat,
	packBody,
	type Negotiated,
} from './wire';

export interface ServiceRequest {
	method: string;
	/** Without query string. */
	path: string;
	/** The query string without `?` (read by the URL form of the delivery report only). */
	query?: string;
	headers: IncomingHttpHeaders;
	body: string;
}

export interface ServiceResponse {
	status: number;
	headers: Record<string, string>;
	body: string;
	/** Handshake id of the envelope answered; undefined for a non-envelope answer (404, 405). */
	handshake?: number;
	accountId?: string;
	unit?: DecodedUnit;
	rendered?: Array<string | null>;
	voice?: DecodedVoice;
	submitted: boolean;
	/** An envelope's format, packing and text before packing, for the faults that damage answers. */
	wire?: Negotiated & { text: string };
}

const HANDLERS: Readonly<Record<Operation, (call: Call) => Answer>> = {
	send: sendMessage,
	voiceSend,
	balance: (call) => ({ handshake: HSHK.OK, data: balanceData(call.account) }),
	auth: (call) => ({
		handshake: HSHK.OK,
		data: profileData(call.account, call.shape.format, call.now),
	}),
	report,
	reportForm: report,
	reportDestinations,
	scheduledList,
	scheduledOne,
	scheduledDestinations,
	cancel,
	dispatch,
	update,
};

const JSON_WIRE: Negotiated = { format: 'json', gzbin: false };

/** Bodies beyond XML and JSON an operation takes: the URL form of the report; the voice send's form and upload. */
const OTHER_BODIES: Partial<Record<Operation, readonly string[]>> = {
	reportForm: [FORM_TYPE],
	voiceSend: [FORM_TYPE, MULTIPART_TYPE],
};

export class SmsService {
	private readonly book: AccountBook;
	private readonly counts = new Map<string, number>();
	private readonly store = new BatchStore();
	private readonly usedIds = new UsedIds();
	private current: DialectSettings;

	constructor(accounts: readonly SimAccount[], settings: Partial<DialectSettings> = {}) {
		this.book = new AccountBook(accounts);
		this.current = { ...DEFAULT_SETTINGS, ...settings };
	}

	get settings(): Readonly<DialectSettings> {
		return this.current;
	}

	setSettings(settings: Partial<DialectSettings>): void {
		this.current = { ...this.current, ...settings };
	}

	balance(accountId: string): number {
		return this.book.get(accountId).balance;
	}

	setBalance(accountId: string, balance: number): void {
		if (!Number.isFinite(balance)) throw new Error('Balance must be a finite number');
		this.book.get(accountId).balance = balance;
	}

	senders(accountId: string): string[] {
		return [...this.book.get(accountId).senders];
	}

	setSenders(accountId: string, senders: readonly string[]): void {
		if (!senders.every((name) => typeof name === 'string' && name !== ''))
			throw new Error('Senders must be non-empty strings');
		this.book.get(accountId).senders = [...senders];
	}

	voiceTemplates(accountId: string): string[] {
		return [...this.book.get(accountId).voiceTemplates];
	}

	setVoiceTemplates(accountId: string, names: readonly string[]): void {
		if (!names.every((name) => typeof name === 'string' && name !== '')) {
			throw new Error('Voice template names must be non-empty strings');
		}
		this.book.get(accountId).voiceTemplates = [...new Set(names)];
	}

	submissionCount(number: string): number {
		return this.counts.get(number) ?? 0;
	}

	submissionCounts(): Record<string, number> {
		return Object.fromEntries(this.counts);
	}

	/** Forgets submissions, kept batches and used message ids; restores every configured balance and senders list. */
	reset(): void {
		this.counts.clear();
		this.store.clear();
		this.usedIds.clear();
		for (const state of this.book.all()) {
			state.balance = state.config.balance;
			state.senders = [...state.config.senders];
			state.voiceSenders = [...(state.config.voiceSenders ?? [])];
			state.voiceTemplates = [...(state.config.voiceTemplates ?? [])];
		}
	}

	handle(req: ServiceRequest): ServiceResponse {
		const route = routeOf(req.path);
		if (!route) return plain(404, 'Not Found');
		const methods = methodsOf(route.operation);
		if (!methods.includes(req.method))
			return { ...plain(405, 'Method Not Allowed'), headers: allow(methods) };

		const wire = acceptOf(req.headers.accept);
		// Without a usable Accept there is no asked format; JSON is the service's default.
		if (!wire) return this.envelope(JSON_WIRE, HSHK.ACCEPT);
		const form = route.operation === 'reportForm';
		if (!contentTypeOk(req, OTHER_BODIES[route.operation] ?? []))
			return this.envelope(wire, HSHK.CONTENT_TYPE);

		let authorization = req.headers.authorization;
		let batch = route.batch;
		if (form) {
			const params = formParameters(req.query ?? '', req.headers['content-type'], req.body);
			const key = params.get('key');
			if (authorization === undefined && key !== null) authorization = `key ${key}`;
			batch = params.get('reference') ?? '';
		}
		const auth = this.book.authenticate(authorization, route.operation === 'auth');
		if ('handshake' in auth) return this.envelope(wire, auth.handshake);
		const call = this.callOf(req, wire, auth.account, batch);
		const answer = HANDLERS[route.operation](call);
		return {
			...this.envelope(wire, answer.handshake, answer.data ?? null),
			accountId: auth.account.config.id,
			unit: answer.unit,
			rendered: answer.rendered,
			voice: answer.voice,
			submitted: answer.submitted ?? false,
		};
	}

	private callOf(
		req: ServiceRequest,
		wire: Negotiated,
		account: AccountState,
		batch: string,
	): Call {
		return {
			body: req.body,
			format: mediaFormat(req.headers['content-type']),
			contentType:
				typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : undefined,
			batch,
			account,
			now: Date.now(),
			shape: { format: wire.format, dialect: this.current.dialect },
			settings: this.current,
			store: this.store,
			usedIds: this.usedIds,
			recordSubmission: (n) => void this.counts.set(n, (this.counts.get(n) ?? 0) + 1),
		};
	}

	/** An envelope in the asked format and packing, in the dialect in force. */
	envelope(wire: Negotiated, handshakeId: number, data: EnvelopeData = null): ServiceResponse {
		const dialect = this.current.dialect;
		const text = encodeEnvelope(
			wire.format,
			{ id: handshakeId, label: handshakeLabel(handshakeId, dialect) },
			data,
			dialect,
		);
		return {
			status: 200,
			headers: { 'content-type': contentTypeFor(wire, dialect) },
			body: packBody(text, wire.gzbin),
			handshake: handshakeId,
			submitted: false,
			wire: { ...wire, text },
		};
	}

	/** A bare handshake (the `handshake` fault), in the asked format when Accept is usable, else JSON. */
	handshakeAnswer(accept: string | string[] | undefined, handshakeId: number): ServiceResponse {
		return this.envelope(acceptOf(accept) ?? JSON_WIRE, handshakeId);
	}

	/* ------------------------------------------------------------- kept batches */

	/** Any account's batch, as it stands now (a copy, labels in the dialect in force). */
	batchView(batch: string): BatchView | undefined {
		const kept = this.store.find(batch, Date.now());
		return kept && viewOf(kept, this.current.dialect);
	}

	/** A batch sent with a callback, in the CallbackBatch form (a copy); undefined for any other. */
	callbackBatch(batch: string): CallbackBatch | undefined {
		const kept = this.callbackTarget(batch);
		return kept && callbackViewOf(kept, this.current.dialect);
	}

	/** The kept batch itself when it has a callback: the push marks its destinations. */
	callbackTarget(batch: string): CallbackTarget | undefined {
		const kept = this.store.find(batch, Date.now());
		return kept?.callback ? (kept as CallbackTarget) : undefined;
	}

	/** Every batch with a callback, in send order. */
	callbackTargets(): CallbackTarget[] {
		return this.store.all(Date.now()).filter((b): b is CallbackTarget => b.callback !== undefined);
	}

	/** The destinations whose report is due for a push: final now, not yet taken by the receiver. */
	pushable(batch: StoredBatch): Destination[] {
		finalise(batch, Date.now(), this.current.deliverAfterMs);
		return batch.destinations.filter((d) => d.reportedAt !== undefined && !d.pushed);
	}

	/** The pushed delivery report of one destination, in the dialect in force. */
	reportBody(batch: StoredBatch, destination: Destination, format: DataFormat): string {
		const dialect = this.current.dialect;
		const data = reportData(batch, destination, { format, dialect });
		return encodeEnvelope(
			format,
			{ id: HSHK.OK, label: handshakeLabel(HSHK.OK, dialect) },
			data,
			dialect,
		);
	}

	/** Content-Type of a pushed report in the dialect in force. */
	reportContentType(format: DataFormat): string {
		return contentTypeFor({ format, gzbin: false }, this.current.dialect);
	}

	/**
	 * Forces a final status (2110, 2111 or 2112) on a batch's destinations that went out, or on
	 * those whose number is listed (any form the send takes); returns how many changed.
	 */
	setOutcome(batch: string, status: number, numbers?: readonly string[]): number {
		if (!FINAL_STATUSES.includes(status))
			throw new Error(`status must be one of ${FINAL_STATUSES.join(', ')}`);
		const now = Date.now();
		const kept = this.store.find(batch, now);
		if (!kept) throw new Error(`No batch ${batch}`);
		if (kept.state === 'scheduled')
			throw new Error(`Batch ${batch} still waits for its schedule; dispatch it first`);
		const wanted =
			numbers && new Set(numbers.map((n) => (isValidNumber(n) ? normaliseNumber(n) : n)));
		return forceOutcome(kept, status, wanted, now);
	}
}

/**
 * A body needs a recognised Content-Type; a bodiless request may omit the header, but a header it
 * does send must still name one of the two formats (the vendor's SDK sends `application/xml` with
 * `Content-Length: 0` on its bodiless calls), or one of the other types the operation takes: a
 * form-encoded body on the URL form of the delivery report and on the voice send, multipart on
 * the voice send (which then refuses it: voice.ts).
 */
function contentTypeOk(req: ServiceRequest, others: readonly string[]): boolean {
	const header = req.headers['content-type'];
	if (header === undefined) return req.body.length === 0;
	if (typeof header === 'string' && others.includes(essenceOf(header))) return true;
	return mediaFormat(header) !== undefined;
}

/**
 * The `quantity` model counts whole credits: the balance is answered as an integer (the vendor's
 * Python SDK reads it with int(), which fails on `100.0`).
 */
function balanceData(account: AccountState): Record<string, unknown> {
	return {
		balance: Math.floor(account.balance),
		model: 'quantity',
		currencyName: null,
		currencyCode: null,
	};
}

function plain(status: number, text: string): ServiceResponse {
	return {
		status,
		headers: { 'content-type': 'text/plain; charset=utf-8' },
		body: text,
		submitted: false,
	};
}

function allow(methods: readonly string[]): Record<string, string> {
	return { 'content-type': 'text/plain; charset=utf-8', allow: methods.join(', ') };
}
