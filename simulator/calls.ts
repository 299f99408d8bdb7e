/**
 * What an operation gets (one authenticated request, with the service's state it may use) and
 * what it gives back (a handshake and its data); service.ts turns the answer into an envelope.
 */
import type { AccountState } from './accounts';
import type { Shape } from './answers';
import type { EnvelopeData } from './envelope';
import type { UsedIds } from './msgids';
import type { BatchStore } from './store';
import type { DataFormat, DecodedUnit, DecodedVoice, DialectSettings } from './types';

export interface Call {
	body: string;
	/** The body's format per Content-Type; undefined without one (or for a form or multipart body). */
	format: DataFormat | undefined;
	/** The Content-Type header as sent (the voice send also reads form and multipart bodies). */
	contentType: string | undefined;
	/** The batch id from the path (or the URL form's `reference`). */
	batch: string;
	account: AccountState;
	now: number;
	/** The answer's format and the dialect in force. */
	shape: Shape;
	settings: Readonly<DialectSettings>;
	store: BatchStore;
	usedIds: UsedIds;
	recordSubmission(number: string): void;
}

export interface Answer {
	handshake: number;
	data?: EnvelopeData;
	/** Send only: the decoded message unit and the rendered texts, for the journal. */
	unit?: DecodedUnit;
	rendered?: Array<string | null>;
	/** Voice send only: the decoded voice message, for the journal. */
	voice?: DecodedVoice;
	/** true when messages were submitted (credit taken, counted per number). */
	submitted?: boolean;
}

/** A handshake error: no data. */
export function refused(handshake: number): Answer {
	return { handshake };
}
