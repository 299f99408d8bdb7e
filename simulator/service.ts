/**
 * The SMS service itself: routing, header checks, authentication and the two operations. It
 * knows nothing of sockets or faults, so each rule can be read in one place.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { CONTENT_TYPES, decodeUnit, encodeEnvelope, mediaFormat } from './codec';
import { messageParts } from './credit';
import { batchId, randomUuids } from './ids';
import { DS, HSHK, STATUS, handshakeLabel, type StatusRef } from './labels';
import { isValidNumber, normaliseNumber } from './numbers';
import { judgeSchedule } from './schedule';
import { compileTemplate, type CompiledTemplate } from './template';
import type { CallbackBatch, DataFormat, DecodedUnit, SimAccount } from './types';

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
}

type Operation = 'send' | 'balance';

const ROUTES: ReadonlyMap<string, Operation> = new Map([
	['/v5/message/sms/send', 'send'],
	['/v5/sms/send', 'send'],
	['/v5/account/balance', 'balance'],
	['/v5/report/balance', 'balance'],
]);

/** True when the path is one of the service's operations (whatever the method). */
export function isServicePath(path: string): boolean {
	return ROUTES.has(path);
}

interface AccountState {
	readonly config: Readonly<SimAccount>;
	balance: number;
}

type AuthResult = { account: AccountState } | { handshake: number };

const PORTAL_PASS_SEPARATOR = '__::';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

interface SendDestination {
	id: string;
	to: string;
	status: StatusRef;
}

export class SmsService {
	private readonly accounts = new Map<string, AccountState>();
	private readonly byKey = new Map<string, AccountState>();
	private readonly byPortalPass = new Map<string, AccountState>();
	private readonly counts = new Map<string, number>();
	/** Batches sent with a callback, by batch id, for delivery reports. */
	private readonly callbacks = new Map<string, CallbackBatch>();

	constructor(accounts: readonly SimAccount[]) {
		for (const config of accounts) this.addAccount(config);
	}

	private addAccount(config: SimAccount): void {
		if (this.accounts.has(config.id)) throw new Error(`Duplicate simulator account id ${config.id}`);
		const state: AccountState = { config: structuredClone(config), balance: config.balance };
		this.accounts.set(config.id, state);
		if (config.apiKey !== undefined) uniqueSet(this.byKey, config.apiKey, state, 'API key');
		if (config.login !== undefined && config.password !== undefined) {
			uniqueSet(this.byPortalPass, config.login + PORTAL_PASS_SEPARATOR + config.password, state, 'login');
		}
	}

	balance(accountId: string): number {
		return this.account(accountId).balance;
	}

	setBalance(accountId: string, balance: number): void {
		if (!Number.isFinite(balance)) throw new Error('Balance must be a finite number');
		this.account(accountId).balance = balance;
	}

	private account(accountId: string): AccountState {
		const state = this.accounts.get(accountId);
		if (!state) throw new Error(`Unknown simulator account ${accountId}`);
		return state;
	}

	submissionCount(number: string): number {
		return this.counts.get(number) ?? 0;
	}

	submissionCounts(): Record<string, number> {
		return Object.fromEntries(this.counts);
	}

	/** Forgets submissions and kept batches, and restores every configured balance. */
	reset(): void {
		this.counts.clear();
		this.callbacks.clear();
		for (const state of this.accounts.values()) state.balance = state.config.balance;
	}

	handle(req: ServiceRequest): ServiceResponse {
		const operation = ROUTES.get(req.path);
		if (!operation) return plain(404, 'Not Found');
		if (req.method !== 'POST') return { ...plain(405, 'Method Not Allowed'), headers: allowPost() };

		const accept = mediaFormat(req.headers.accept);
		// Without a usable Accept there is no asked format; JSON is the service's default.
		if (!accept) return envelope('json', HSHK.ACCEPT);
		if (!contentTypeOk(req)) return envelope(accept, HSHK.CONTENT_TYPE);

		const auth = this.authenticate(req.headers.authorization);
		if ('handshake' in auth) return envelope(accept, auth.handshake);
		const accountId = auth.account.config.id;

		const response =
			operation === 'balance' ? balanceResponse(accept, auth.account) : this.send(req, accept, auth.account);
		return { ...response, accountId };
	}

	/* ------------------------------------------------------------ authentication */

	private authenticate(header: string | undefined): AuthResult {
		if (header === undefined || header === '') return { handshake: HSHK.MODEL };
		const space = header.indexOf(' ');
		const model = space < 0 ? header : header.slice(0, space);
		const credential = space < 0 ? '' : header.slice(space + 1);
		// Model words are matched as the SMSOnlineGH v5 API documentation (dev.smsonlinegh.com/docs/v5/http)
		// writes them; a client sending `Key` has a bug.
		if (model !== 'key' && model !== 'factor') return { handshake: HSHK.MODEL };
		if (credential.trim() === '') return { handshake: HSHK.PID };
		const account = model === 'key' ? this.byKey.get(credential) : this.portalPassAccount(credential);
		if (!account) return { handshake: HSHK.AUTH };
		return accountGate(account, model === 'factor');
	}

	private portalPassAccount(credential: string): AccountState | undefined {
		const decoded = decodeBase64(credential);
		return decoded === undefined ? undefined : this.byPortalPass.get(decoded);
	}

	/* ---------------------------------------------------------------------- send */

	private send(req: ServiceRequest, accept: DataFormat, account: AccountState): ServiceResponse {
		if (req.body.trim() === '') return envelope(accept, HSHK.DATA);
		// contentTypeOk has already required a recognised Content-Type for a non-empty body.
		const format = mediaFormat(req.headers['content-type']) as DataFormat;
		const unit = decodeUnit(format, req.body);
		if (!unit) return envelope(accept, HSHK.BAD_REQUEST);
		const personalised = typeof unit.destinations[0] !== 'string';
		const template = personalised ? compileTemplate(unit.text) : undefined;
		if (template && template.names.length === 0) return { ...envelope(accept, HSHK.BAD_REQUEST), unit };
		let acceptedStatus = STATUS.PENDING_ENROUTE;
		if (unit.schedule) {
			const verdict = judgeSchedule(unit.schedule, Date.now());
			if (verdict.kind === 'rejected') return { ...envelope(accept, verdict.handshake), unit };
			acceptedStatus = STATUS.SCHEDULED;
		}

		const run = new SendRun(this, account, unit, template, acceptedStatus);
		const destinations = run.process();
		const data: Record<string, unknown> = { batch: batchId() };
		if (!personalised) data.category = 1;
		data.delivery = false;
		data.destinations = destinations;
		if (unit.callback) this.keepCallbackBatch(data.batch as string, account, unit, destinations);
		return {
			...envelope(accept, HSHK.OK, data),
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
		batch: string,
		account: AccountState,
		unit: DecodedUnit,
		destinations: readonly SendDestination[],
	): void {
		const kept: CallbackBatch = {
			batch,
			accountId: account.config.id,
			plain: typeof unit.destinations[0] === 'string',
			callback: { ...(unit.callback as NonNullable<DecodedUnit['callback']>) },
			destinations: destinations.map((d) => ({ id: d.id, to: d.to, status: d.status })),
		};
		if (unit.schedule) kept.schedule = { ...unit.schedule };
		this.callbacks.set(batch, kept);
	}

	/** The kept batch itself (not a copy): the delivery code moves its destinations to 2110. */
	callbackBatch(batch: string): CallbackBatch | undefined {
		return this.callbacks.get(batch);
	}

	/** Every kept batch, in the order they were sent. */
	callbackBatches(): CallbackBatch[] {
		return [...this.callbacks.values()];
	}

	/** Called by a send run for each accepted destination. */
	recordSubmission(number: string): void {
		this.counts.set(number, (this.counts.get(number) ?? 0) + 1);
	}
}

/**
 * One send request, destination by destination in request order, so that duplicates and running
 * out of credit hit exactly the destinations they would hit on the service.
 */
class SendRun {
	readonly rendered: Array<string | null>;
	accepted = 0;
	private readonly seen = new Set<string>();
	private readonly senderOk: boolean;
	/** Plain messages share one text, so its parts are counted once. */
	private readonly plainParts: number;

	constructor(
		private readonly service: SmsService,
		private readonly account: AccountState,
		private readonly unit: DecodedUnit,
		private readonly template: CompiledTemplate | undefined,
		/** 2105, or 2104 when the send is scheduled for later. */
		private readonly acceptedStatus: StatusRef,
	) {
		this.rendered = template ? new Array<string | null>(unit.destinations.length).fill(null) : [];
		this.senderOk = account.config.senders.includes(unit.sender);
		this.plainParts = template ? 0 : messageParts(unit.text, unit.type);
	}

	process(): SendDestination[] {
		const list = this.unit.destinations;
		const ids = randomUuids(list.length);
		const out = new Array<SendDestination>(list.length);
		for (let i = 0; i < list.length; i++) out[i] = this.destination(i, list[i], ids[i]);
		return out;
	}

	private destination(index: number, item: DecodedUnit['destinations'][number], id: string): SendDestination {
		const raw = typeof item === 'string' ? item : item.number;
		const valid = isValidNumber(raw);
		const to = valid ? normaliseNumber(raw) : raw;
		return { id, to, status: this.status(index, item, valid, to) };
	}

	private status(index: number, item: DecodedUnit['destinations'][number], valid: boolean, to: string): StatusRef {
		// An unregistered sender stops the whole message, whatever else is wrong with a number.
		if (!this.senderOk) return STATUS.SENDER_NOT_REGISTERED;
		if (!valid) return STATUS.INVALID_NUMBER;
		if (this.seen.has(to)) return STATUS.DUPLICATE;
		this.seen.add(to);
		let parts = this.plainParts;
		if (this.template && typeof item !== 'string') {
			const rejection = valuesRejection(item.values, this.template);
			if (rejection) return rejection;
			const text = this.template.render(item.values as Array<string | number>);
			this.rendered[index] = text;
			parts = messageParts(text, this.unit.type);
		}
		if (this.account.balance < parts) return STATUS.NO_CREDIT;
		this.account.balance -= parts;
		this.service.recordSubmission(to);
		this.accepted++;
		return this.acceptedStatus;
	}
}

function valuesRejection(
	values: ReadonlyArray<string | number | null>,
	template: CompiledTemplate,
): StatusRef | undefined {
	if (values.length === 0) return STATUS.VALUES_EMPTY;
	for (const v of values) if (v === null || v === '') return STATUS.VALUES_EMPTY;
	if (values.length !== template.names.length) return STATUS.VALUES_COUNT;
	return undefined;
}

/** Two accounts sharing a credential would make authentication depend on configuration order. */
function uniqueSet(map: Map<string, AccountState>, credential: string, state: AccountState, what: string): void {
	if (map.has(credential))
		throw new Error(`Simulator accounts ${map.get(credential)?.config.id} and ${state.config.id} share a ${what}`);
	map.set(credential, state);
}

/** Only after the credentials matched: the account's own restrictions, in the service's order. */
function accountGate(account: AccountState, portalPass: boolean): AuthResult {
	const config = account.config;
	if (config.apiAccess === false) return { handshake: HSHK.API_NO_ACCESS };
	if (portalPass && config.portalPass === false) return { handshake: HSHK.API_NO_PPASS };
	if (config.state === 'inactive') return { handshake: HSHK.ACCT_INACTIVE };
	if (config.state === 'suspended') return { handshake: HSHK.ACCT_SUSPENDED };
	return { account };
}

/** Strict base64: canonical padding and valid UTF-8, else undefined (which fails authentication). */
function decodeBase64(value: string): string | undefined {
	if (value.length % 4 !== 0 || !BASE64.test(value)) return undefined;
	const bytes = Buffer.from(value, 'base64');
	if (bytes.toString('base64') !== value) return undefined;
	try {
		return utf8.decode(bytes);
	} catch {
		return undefined;
	}
}

/**
 * A body needs a recognised Content-Type; a bodiless request may omit the header, but a header it
 * does send must still name one of the two formats.
 */
function contentTypeOk(req: ServiceRequest): boolean {
	const header = req.headers['content-type'];
	if (header === undefined) return req.body.length === 0;
	return mediaFormat(header) !== undefined;
}

function balanceResponse(accept: DataFormat, account: AccountState): ServiceResponse {
	return envelope(accept, HSHK.OK, {
		balance: account.balance,
		model: 'quantity',
		currencyName: null,
		currencyCode: null,
	});
}

export function envelope(
	format: DataFormat,
	handshakeId: number,
	data: Record<string, unknown> | null = null,
): ServiceResponse {
	return {
		status: 200,
		headers: { 'content-type': CONTENT_TYPES[format] },
		body: encodeEnvelope(format, { id: handshakeId, label: handshakeLabel(handshakeId) }, data),
		handshake: handshakeId,
		submitted: false,
	};
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
