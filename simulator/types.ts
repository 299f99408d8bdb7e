/**
 * Public surface of the local SMS service simulator. Tests, the demo and the benchmark program
 * against these types only; everything else in simulator/ is internal.
 */

/**
 * One account the simulator knows. Credentials follow the SMSOnlineGH v5 API documentation
 * (dev.smsonlinegh.com/docs/v5/http), authentication.
 */
export interface SimAccount {
	/** Stable id used in the journal and in balance look-ups. */
	id: string;
	/** API Key model: `Authorization: key <apiKey>`. Omit to give the account no key. */
	apiKey?: string;
	/** Portal Pass model: `Authorization: factor base64(login + "__::" + password)`. */
	login?: string;
	password?: string;
	/** false: every request from this account gets handshake 1204 (API access disabled). Default true. */
	apiAccess?: boolean;
	/** false: Portal Pass requests get handshake 1205. Default true. */
	portalPass?: boolean;
	/** inactive: handshake 1408; suspended: 1409. Default active. */
	state?: 'active' | 'inactive' | 'suspended';
	/** Credit, in messages parts (model `quantity`). */
	balance: number;
	/** Registered sender names. A send from any other sender is rejected with status 2128 and costs nothing. */
	senders: string[];
	/**
	 * The account's time zone (IANA name), as the profile (`POST /v5/auth`) gives it. A schedule
	 * sent without an offset is read in it. Default 'Africa/Accra' (UTC+00:00, no daylight saving).
	 */
	timeZone?: string;
	/**
	 * The account's home country, the profile's `defDestination` (a reseller's account may be at
	 * home outside Ghana). Default Ghana: `{countryName: 'Ghana', countryCode: 'GH', dialCode: 233,
	 * minNumLen: 9, maxNumLen: 9}`. `null`: a profile without `defDestination`; a home without
	 * `dialCode`: a default destination that names no dial code.
	 */
	home?: {
		countryName: string;
		countryCode: string;
		dialCode?: number;
		minNumLen?: number;
		maxNumLen?: number;
	} | null;
	/** The account's default message type (0-3), as the profile gives it. Default 0 (GSM default). */
	messageType?: number;
	/**
	 * Registered voice senders: the profile lists them under `messageSenders/voice`. A voice send
	 * naming another sender is rejected with status 2128; one naming none is accepted. Default none.
	 */
	voiceSenders?: string[];
	/**
	 * Names of the stored voice templates a voice send (`POST /v5/message/voice/send`) may play;
	 * any other name is handshake 1505. Default none.
	 */
	voiceTemplates?: string[];
}

/**
 * Which wire the simulator speaks.
 * - `sdk` (the default): what the vendor's SDK (Zenoph.Notify) needs from the real service: exact
 *   media types, no `data` element on an error, `category` as the label `sms` in XML, the members
 *   the SDK reads in a send answer (destinations last), SDK labels for every id the SDK names.
 * - `contract`: the contract (the SMSOnlineGH v5 API documentation): media types with
 *   `; charset=utf-8`, `category` 1 for plain messages only, `data: null` / `<data/>` on an error,
 *   no members beyond the documented ones, the simulator's own labels for undocumented ids.
 */
export type Dialect = 'sdk' | 'contract';

/**
 * How a personalised template is read.
 * - `distinct` (the default): the n-th value fills the n-th distinct variable; a name is a letter or
 *   underscore, then letters, digits or underscores (the contract).
 * - `occurrence`: one value per occurrence, names of two or more characters as the vendor's PHP SDK
 *   reads them (`{$a}` and `{$a1}` stay literal text).
 */
export type TemplateReading = 'distinct' | 'occurrence';

/**
 * What the service keeps of what a send refused; no source says (a repeat refused 2131 is the case
 * that matters to a report).
 * - `listed` (the default): every destination kept and reported with its status.
 * - `notKept`: refused destinations are not kept; a batch with none accepted is unknown (1501).
 * - `empty`: refused destinations are not kept; a batch with none accepted is kept empty.
 */
export type RefusedBatches = 'listed' | 'notKept' | 'empty';

/** The simulator's switches: settable at construction, with setDialect() and PUT /__sim/dialect. */
export interface DialectSettings {
	dialect: Dialect;
	templates: TemplateReading;
	/**
	 * Milliseconds from the moment a destination goes out (the send, or a scheduled batch's
	 * dispatch or schedule time) until its delivery report is final. 0 (the default): final at the
	 * first report asked for or pushed.
	 */
	deliverAfterMs: number;
	refusedBatches: RefusedBatches;
}

export interface SimulatorConfig {
	/** Default: the demo account only. */
	accounts?: SimAccount[];
	/** Default 'sdk'. */
	dialect?: Dialect;
	/** Default 'distinct'. */
	templates?: TemplateReading;
	/** Default 0. */
	deliverAfterMs?: number;
	/** Default 'listed'. */
	refusedBatches?: RefusedBatches;
}

export type DataFormat = 'json' | 'xml';

/** A message unit as the simulator decoded it from a JSON or XML body. */
export interface DecodedUnit {
	text: string;
	type: number;
	sender: string;
	/**
	 * Plain numbers (non-personalised) or destination objects. An object carries `values` when the
	 * message is personalised; a plain destination takes the object form only to carry a custom
	 * message `id` (the vendor's SDK (Zenoph.Notify) writes it so). A JSON client may send null
	 * among the values; it is kept as received (that destination is answered 2115).
	 */
	destinations: Array<string | DecodedDestination>;
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
}

/** A destination in object form: personalised (`values`), or plain with a custom message id. */
export interface DecodedDestination {
	number: string;
	/** Custom message id (30-40 characters from `A-Za-z0-9-`); the answer uses it as the destination's id. */
	id?: string;
	values?: Array<string | number | null>;
}

/**
 * A voice message as the simulator decoded it from a `POST /v5/message/voice/send` body (XML,
 * JSON or the key-value form). Destinations are plain: numbers, or `{number, id}` with a custom id.
 */
export interface DecodedVoice {
	/** The stored voice template to play; absent when the request named none (handshake 1505). */
	template?: string;
	/** Absent when the request named none (or an empty one). */
	sender?: string;
	destinations: Array<string | DecodedDestination>;
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
}

export interface JournalEntry {
	/** 1-based order of arrival over the simulator's life (reset() restarts it). */
	seq: number;
	method: string;
	/** Path as received, without query string. */
	path: string;
	/** Lower-cased header names, as Node's http module gives them. */
	headers: Record<string, string | string[] | undefined>;
	rawBody: string;
	/** Format of the request body per Content-Type, when recognised. */
	format?: DataFormat;
	/** The decoded message unit for a send request that parsed. */
	unit?: DecodedUnit;
	/** The decoded voice message for a voice send request that parsed. */
	voice?: DecodedVoice;
	/**
	 * Personalised sends only: the text rendered for each destination, aligned with
	 * `unit.destinations`; null where the destination was rejected before rendering (2119, 2120,
	 * 2115, 2118, 2128). Parts and credit are computed on these texts.
	 */
	rendered?: Array<string | null>;
	/** Account the request authenticated as, when it did. */
	accountId?: string;
	/** HTTP status answered (0 when the connection was reset before answering). */
	httpStatus: number;
	/** Handshake id answered, when an envelope was answered. */
	handshake?: number;
	/** Name of the fault applied to this request, if any. */
	fault?: FaultKind;
	/** true when the request's messages were submitted (credit taken, counted per number). */
	submitted: boolean;
	/**
	 * Milliseconds from the request's arrival to its answer (or reset) being handed to the socket,
	 * latency faults included. Absent while the request is still pending (and for `hang`).
	 */
	durationMs?: number;
}

export type FaultKind =
	| 'latency'
	| 'http500'
	| 'http503'
	| 'http429'
	| 'resetBefore'
	| 'resetAfter'
	| 'truncated'
	| 'malformed'
	| 'handshake'
	| 'hang'
	| 'charset'
	| 'gzipBomb'
	| 'huge'
	| 'deep';

export interface FaultSpec {
	kind: FaultKind;
	/**
	 * Which request it hits: the n-th request (1-based) counted from the moment the fault was
	 * added, over every path except the control endpoint. Omitted: every request.
	 */
	nth?: number;
	/** Only requests whose path is this one (for example '/v5/message/sms/send'). */
	path?: string;
	/** latency: milliseconds to wait before handling (default 1000). */
	ms?: number;
	/** http429 / http503: value of the Retry-After header (seconds). */
	retryAfter?: number;
	/**
	 * handshake: the handshake id to answer, default 1403. Its label is the dialect's: in 'sdk' the
	 * vendor's SDK (Zenoph.Notify) name for every id the SDK lists; otherwise a SIM one.
	 */
	handshakeId?: number;
	/** gzipBomb: the size the answer inflates to (default 1 GiB); huge: the answer's size (default 300 MiB). */
	bytes?: number;
	/** deep: how deep the added member nests (default 5,000). */
	depth?: number;
}

/** One destination of a batch sent with a callback, with its current status. */
export interface BatchDestination {
	id: string;
	/** International form, as answered. */
	to: string;
	/** Labels in the dialect in force. */
	status: { id: number; label: string };
	/** true once the receiver took its delivery report (answered 2xx). */
	pushed: boolean;
}

/** A batch whose send asked for delivery reports (`callback`): what the push works on. */
export interface CallbackBatch {
	batch: string;
	accountId: string;
	/** false for a personalised send: its reports carry no `category`, like its answer. */
	plain: boolean;
	/** What was sent: an SMS or a voice message (its reports say so in `category`). */
	category: 'sms' | 'voice';
	callback: { url: string; accept: string };
	schedule?: { dateTime: string; offset?: string };
	/** Every destination of the send, in request order, rejected ones included. */
	destinations: BatchDestination[];
}

/** Any kept batch as it stands now (a copy; labels in the dialect in force). */
export interface BatchView {
	batch: string;
	accountId: string;
	/** sent at once; scheduled (waiting); dispatched (went out by dispatch or when its time came); cancelled. */
	state: 'sent' | 'scheduled' | 'dispatched' | 'cancelled';
	category: 'sms' | 'voice';
	/** Voice only: the stored voice template it plays. */
	template?: string;
	/** '' for voice. */
	text: string;
	/** 0 for voice. */
	type: number;
	/** '' for a voice message sent without one. */
	sender: string;
	personalised: boolean;
	schedule?: { dateTime: string; offset?: string };
	callback?: { url: string; accept: string };
	/** In order: the send's, then any a scheduled update added (deleted ones are gone). */
	destinations: Array<{
		id: string;
		to: string;
		status: { id: number; label: string };
		/** Parts billed (0 when rejected, cancelled or deleted). */
		messageCount: number;
		values?: Array<string | number | null>;
		/** When its status became final (ms since the epoch). */
		reportedAt?: number;
		pushed: boolean;
	}>;
}

/** One delivery report the simulator tried to push (or refused to). */
export interface DeliveryAttempt {
	/** 1-based order over the simulator's life (reset() restarts it). */
	seq: number;
	batch: string;
	/** The destination's message id; absent when a whole batch was refused. */
	destinationId?: string;
	url: string;
	format: DataFormat;
	/** Body posted (absent when refused). */
	body?: string;
	/** HTTP status the receiver answered; 0 when there was no answer or nothing was posted. */
	httpStatus: number;
	/** true when the receiver answered 2xx: the report counts as posted and is not posted again. */
	posted: boolean;
	/** Why nothing was posted or no answer came: refused URL, connection error, timeout. */
	error?: string;
}

/** The programmatic API. The same operations exist over HTTP under /__sim/ (see README). */
export interface SimulatorApi {
	/** Listens on 127.0.0.1; port 0 picks a free port. Resolves to the base URL (http://127.0.0.1:PORT). */
	start(port?: number): Promise<string>;
	stop(): Promise<void>;
	readonly baseUrl: string;
	/** Every request received, in order (control requests excluded). */
	readonly journal: readonly JournalEntry[];
	/** How many times each number (international form) was submitted, over all accepted sends. */
	submissionCount(number: string): number;
	submissionCounts(): Record<string, number>;
	balance(accountId: string): number;
	setBalance(accountId: string, balance: number): void;
	/** The account's registered senders now (what its profile lists and its sends are checked against). */
	senders(accountId: string): string[];
	/**
	 * Replaces the account's registered senders from the next request on, as registering or removing
	 * one in the account's portal would; reset() restores the configured ones.
	 */
	setSenders(accountId: string, senders: readonly string[]): void;
	/** The account's stored voice templates now (what a voice send may name). */
	voiceTemplates(accountId: string): string[];
	/**
	 * Replaces the account's stored voice templates from the next request on (names: non-empty
	 * strings, repeats dropped); reset() restores the configured ones.
	 */
	setVoiceTemplates(accountId: string, names: readonly string[]): void;
	addFault(fault: FaultSpec): void;
	clearFaults(): void;
	/**
	 * Clears journal, counts, faults, kept batches, delivery attempts and the custom message ids
	 * each account has used; restores every account's configured balance, senders and voice templates.
	 */
	reset(): void;
	/** The settings in force (see Dialect, TemplateReading, DialectSettings.deliverAfterMs, RefusedBatches). */
	readonly dialect: Dialect;
	readonly templates: TemplateReading;
	readonly deliverAfterMs: number;
	readonly refusedBatches: RefusedBatches;
	/** Changes any of the settings from the next request on; reset() keeps them. */
	setDialect(settings: Partial<DialectSettings>): void;
	/**
	 * Pushes delivery reports for one batch (or, without an argument, every batch with a callback):
	 * one POST per destination whose status is final (made final now when its delivery time has
	 * passed) and whose report the receiver has not yet taken, to the batch's callback URL, in the
	 * format its `accept` names. Resolves to how many reports the receiver took (answered 2xx);
	 * the others are tried again by a later call. Only http://127.0.0.1, http://localhost and
	 * http://[::1] URLs are ever contacted. With a batch id, rejects when the batch is unknown, had
	 * no callback, or its URL is refused; without, batches with a refused URL are skipped (and
	 * noted in `deliveries`).
	 */
	deliverReports(batch?: string): Promise<number>;
	/** A batch sent with a callback, as it stands now (a copy); undefined for any other id. */
	callbackBatch(batch: string): CallbackBatch | undefined;
	/** Any kept batch (of any account), as it stands now (a copy); undefined for an unknown id. */
	batch(batch: string): BatchView | undefined;
	/**
	 * Forces the final status (2110, 2111 or 2112) of a batch's destinations that went out (all,
	 * or those whose number is listed, in any form a send takes); sets their report time to now
	 * and returns how many changed. Throws for an unknown batch, another status, or a batch still
	 * waiting for its schedule.
	 */
	setOutcome(batch: string, status: number, numbers?: readonly string[]): number;
	/** Every delivery report pushed or refused, in order. */
	readonly deliveries: readonly DeliveryAttempt[];
}
