/**
 * The SMS service itself: routing, header checks, authentication and the operations (send,
 * balance, the account profile). It knows nothing of sockets or faults, so each rule can be read
 * in one place. Authentication is in accounts.ts, the send run in send.ts, answer shapes in
 * answers.ts and profile.ts.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { AccountBook, type AccountState } from './accounts';
import { reportData, sendData, type MessageFacts } from './answers';
import { decodeUnit } from './codec';
import { encodeEnvelope, type EnvelopeData } from './envelope';
import { batchId } from './ids';
import { DS, HSHK, handshakeLabel, statusRefs, type StatusRef } from './labels';
import { UsedIds } from './msgids';
import { profileData } from './profile';
import { judgeSchedule } from './schedule';
import { SendRun, type SendDestination } from './send';
import { compileTemplate } from './template';
import type { CallbackBatch, DataFormat, DecodedUnit, DialectSettings, SimAccount } from './types';
import { DEFAULT_SETTINGS, acceptOf, contentTypeFor, mediaFormat, packBody, type Negotiated } from './wire';

export interface ServiceRequest {
	method: string;
	/** Without query string. */
	path: string;
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
	submitted: boolean;
	/** An envelope's format, packing and text before packing, for the faults that damage answers. */
	wire?: Negotiated & { text: string };
}

type Operation = 'send' | 'balance' | 'auth';

const ROUTES: ReadonlyMap<string, Operation> = new Map([
	['/v5/message/sms/send', 'send'],
	['/v5/sms/send', 'send'],
	['/v5/account/balance', 'balance'],
	['/v5/report/balance', 'balance'],
	['/v5/auth', 'auth'],
]);

/** True when the path is one of the service's operations (whatever the method). */
export function isServicePath(path: string): boolean {
	return ROUTES.has(path);
}

/** What a kept batch's reports need beyond CallbackBatch: the message and its destinations as sent. */
interface BatchDetail {
	facts: MessageFacts;
	destinations: SendDestination[];
}

const JSON_WIRE: Negotiated = { format: 'json', gzbin: false };

export class SmsService {
	private readonly book: AccountBook;
	private readonly counts = new Map<string, number>();
	/** Batches sent with a callback, by batch id, for delivery reports. */
	private readonly callbacks = new Map<string, CallbackBatch>();
	private readonly details = new Map<string, BatchDetail>();
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

	submissionCount(number: string): number {
		return this.counts.get(number) ?? 0;
	}

	submissionCounts(): Record<string, number> {
		return Object.fromEntries(this.counts);
	}

	/** Forgets submissions, kept batches and used message ids; restores every configured balance. */
	reset(): void {
		this.counts.clear();
		this.callbacks.clear();
		this.details.clear();
		this.usedIds.clear();
		for (const state of this.book.all()) state.balance = state.config.balance;
	}

	handle(req: ServiceRequest): ServiceResponse {
		const operation = ROUTES.get(req.path);
		if (!operation) return plain(404, 'Not Found');
		if (req.method !== 'POST') return { ...plain(405, 'Method Not Allowed'), headers: allowPost() };

		const wire = acceptOf(req.headers.accept);
		// Without a usable Accept there is no asked format; JSON is the service's default.
		if (!wire) return this.envelope(JSON_WIRE, HSHK.ACCEPT);
		if (!contentTypeOk(req)) return this.envelope(wire, HSHK.CONTENT_TYPE);

		const auth = this.book.authenticate(req.headers.authorization, operation === 'auth');
		if ('handshake' in auth) return this.envelope(wire, auth.handshake);
		const account = auth.account;
		let response: ServiceResponse;
		if (operation === 'send') response = this.send(req, wire, account);
		else if (operation === 'auth')
			response = this.envelope(wire, HSHK.OK, profileData(account, wire.format, Date.now()));
		else response = this.envelope(wire, HSHK.OK, balanceData(account));
		return { ...response, accountId: account.config.id };
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

	/* ---------------------------------------------------------------------- send */

	private send(req: ServiceRequest, wire: Negotiated, account: AccountState): ServiceResponse {
		if (req.body.trim() === '') return this.envelope(wire, HSHK.DATA);
		// contentTypeOk has already required a recognised Content-Type for a non-empty body.
		const unit = decodeUnit(mediaFormat(req.headers['content-type']) as DataFormat, req.body);
		if (!unit) return this.envelope(wire, HSHK.BAD_REQUEST);
		const first = unit.destinations[0];
		const personalised = typeof first !== 'string' && first.values !== undefined;
		const template = personalised ? compileTemplate(unit.text, this.current.templates) : undefined;
		if (template && template.valueCount === 0) return { ...this.envelope(wire, HSHK.BAD_REQUEST), unit };
		const now = Date.now();
		let acceptedStatus: 'PENDING_ENROUTE' | 'SCHEDULED' = 'PENDING_ENROUTE';
		if (unit.schedule) {
			const verdict = judgeSchedule(unit.schedule, now, account.config.timeZone);
			if (verdict.kind === 'rejected') return { ...this.envelope(wire, verdict.handshake), unit };
			acceptedStatus = 'SCHEDULED';
		}
		const statuses = statusRefs(this.current.dialect);
		const recordSubmission = (n: string): void => void this.counts.set(n, (this.counts.get(n) ?? 0) + 1);
		const run = new SendRun({
			account,
			unit,
			template,
			acceptedStatus,
			statuses,
			usedIds: this.usedIds,
			recordSubmission,
		});
		const destinations = run.process();
		const facts: MessageFacts = { batch: batchId(), unit, personalised, submittedAt: now };
		const data = sendData(facts, destinations, { format: wire.format, dialect: this.current.dialect });
		if (unit.callback) this.keepCallbackBatch(facts, account, destinations);
		return {
			...this.envelope(wire, HSHK.OK, data),
			unit,
			rendered: template ? run.rendered : undefined,
			submitted: run.accepted > 0,
		};
	}

	/**
	 * Copies, so that moving a destination to 2110 later cannot reach into an answer. Only batches
	 * with a callback are kept, so a large send without one costs no memory afterwards.
	 */
	private keepCallbackBatch(
		facts: MessageFacts,
		account: AccountState,
		destinations: readonly SendDestination[],
	): void {
		const { unit } = facts;
		const kept: CallbackBatch = {
			batch: facts.batch,
			accountId: account.config.id,
			plain: !facts.personalised,
			callback: { ...(unit.callback as NonNullable<DecodedUnit['callback']>) },
			destinations: destinations.map((d) => ({ id: d.id, to: d.to, status: d.status })),
		};
		if (unit.schedule) kept.schedule = { ...unit.schedule };
		this.callbacks.set(facts.batch, kept);
		this.details.set(facts.batch, { facts, destinations: destinations.map((d) => ({ ...d })) });
	}

	/** The kept batch itself (not a copy): the delivery code moves its destinations to 2110. */
	callbackBatch(batch: string): CallbackBatch | undefined {
		return this.callbacks.get(batch);
	}

	/** Every kept batch, in the order they were sent. */
	callbackBatches(): CallbackBatch[] {
		return [...this.callbacks.values()];
	}

	/** The delivery report for the index-th destination of a kept batch, in the dialect in force. */
	reportBody(kept: CallbackBatch, index: number, format: DataFormat, status: StatusRef): string {
		const detail = this.details.get(kept.batch) as BatchDetail;
		const dialect = this.current.dialect;
		const data = reportData(detail.facts, detail.destinations[index], status, Date.now(), { format, dialect });
		return encodeEnvelope(format, { id: HSHK.OK, label: handshakeLabel(HSHK.OK, dialect) }, data, dialect);
	}

	/** Content-Type of a pushed report in the dialect in force. */
	reportContentType(format: DataFormat): string {
		return contentTypeFor({ format, gzbin: false }, this.current.dialect);
	}

	/** The status a delivered destination takes, with the dialect's label. */
	deliveredStatus(): StatusRef {
		return statusRefs(this.current.dialect).DELIVERED;
	}
}

/**
 * A body needs a recognised Content-Type; a bodiless request may omit the header, but a header it
 * does send must still name one of the two formats (the vendor's SDK sends `application/xml` with
 * `Content-Length: 0` on its bodiless calls).
 */
function contentTypeOk(req: ServiceRequest): boolean {
	const header = req.headers['content-type'];
	if (header === undefined) return req.body.length === 0;
	return mediaFormat(header) !== undefined;
}

/**
 * The `quantity` model counts whole credits: the balance is answered as an integer (the vendor's
 * Python SDK reads it with int(), which fails on `100.0`).
 */
function balanceData(account: AccountState): Record<string, unknown> {
	return { balance: Math.floor(account.balance), model: 'quantity', currencyName: null, currencyCode: null };
}

function plain(status: number, text: string): ServiceResponse {
	return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: text, submitted: false };
}

function allowPost(): Record<string, string> {
	return { 'content-type': 'text/plain; charset=utf-8', allow: 'POST' };
}

/** A destination that still waits for its delivery report: accepted (2104 or 2105), not yet 2110. */
export function awaitsReport(status: StatusRef): boolean {
	return status.id === DS.SCHEDULED || status.id === DS.PENDING_ENROUTE;
}
