import {
	ZStream,
	Z_BUF_ERROR,
	Z_NO_FLUSH,
	Z_OK,
	Z_STREAM_END,
	zlibInflate,
	zlibInflateInit2,
	zlibInflateReset,
} from 'pako';

// An HTTP Content-Encoding (RFC 9110 8.4.1) inflated as it arrives with pako (n8n refuses Node's zlib), stopping past
// `maxBytes`. gzip is RFC 1952 (as zlib's gunzip reads it); deflate is RFC 1950, or raw RFC 1951 as some clients send.
export type ContentCoding = 'gzip' | 'deflate';

const PIECE = 64 * 1024;

/** Whether two bytes open a zlib stream: deflate method, window at most 32 kB, check bits right (RFC 1950 2.2). */
function zlibHeader(first: number, second: number): boolean {
	return (first & 0x0f) === 8 && first >> 4 <= 7 && ((first << 8) | second) % 31 === 0;
}

export class BoundedInflater {
	private strm?: ZStream;
	private readonly pieces: Buffer[] = [];
	private piece = Buffer.allocUnsafe(PIECE);
	private total = 0;
	private ended = false;
	private trailing = false;
	private head: Uint8Array = new Uint8Array(0);

	constructor(
		private readonly coding: ContentCoding,
		private readonly maxBytes: number,
	) {}

	/** Inflates one chunk. 'tooLarge' once the output passes the limit; throws when the data is not of the coding. */
	push(chunk: Uint8Array): 'ok' | 'tooLarge' {
		if (chunk.length === 0 || this.trailing) return 'ok';
		if (!this.strm && this.coding === 'deflate' && this.head.length + chunk.length < 2) {
			// Which deflate it is shows in its first two bytes.
			this.head = Buffer.concat([this.head, chunk]);
			return 'ok';
		}
		if (!this.strm && this.head.length > 0) chunk = Buffer.concat([this.head, chunk]);
		const strm = this.stream(chunk);
		strm.input = chunk;
		strm.next_in = 0;
		strm.avail_in = chunk.length;
		// A full piece may leave output pending in the inflater: it runs again, input or not.
		let full = false;
		while (strm.avail_in > 0 || full) {
			if (this.ended && (strm.avail_in === 0 || !this.nextMember(strm, chunk))) return 'ok';
			strm.output = this.piece;
			strm.avail_out = PIECE - strm.next_out;
			const before = strm.next_out;
			const status = zlibInflate(strm, Z_NO_FLUSH);
			this.total += strm.next_out - before;
			if (this.total > this.maxBytes) return 'tooLarge';
			full = strm.next_out === PIECE;
			if (full) this.nextPiece(strm);
			if (status === Z_STREAM_END) this.ended = true;
			else if (status === Z_BUF_ERROR && !full) break;
			else if (status !== Z_OK && status !== Z_BUF_ERROR)
				throw new Error(strm.msg || `status ${status}`);
		}
		return 'ok';
	}

	finish(): Buffer {
		if (!this.ended)
			throw new Error(
				this.total === 0 && !this.strm
					? 'the compressed body is empty'
					: 'the compressed body is cut short',
			);
		return Buffer.concat(
			[...this.pieces, this.piece.subarray(0, this.strm?.next_out ?? 0)],
			this.total,
		);
	}

	private stream(first: Uint8Array): ZStream {
		if (this.strm) return this.strm;
		const strm = new ZStream();
		// 15 + 16: the gzip wrapper alone; 15: the zlib wrapper; -15: raw deflate.
		const bits =
			this.coding === 'gzip' ? 31 : first.length >= 2 && zlibHeader(first[0], first[1]) ? 15 : -15;
		if (zlibInflateInit2(strm, bits) !== Z_OK) throw new Error('the inflater could not start');
		strm.next_out = 0;
		this.strm = strm;
		return strm;
	}

	private nextMember(strm: ZStream, chunk: Uint8Array): boolean {
		if (this.coding !== 'gzip' || chunk[strm.next_in] === 0) {
			for (let at = strm.next_in; at < chunk.length; at++) {
				if (chunk[at] !== 0) throw new Error('data follows the end of the compressed body');
			}
			this.trailing = this.coding === 'gzip';
			strm.avail_in = 0;
			return false;
		}
		const out = strm.next_out;
		zlibInflateReset(strm);
		strm.next_out = out;
		this.ended = false;
		return true;
	}

	private nextPiece(strm: ZStream): void {
		this.pieces.push(this.piece);
		this.piece = Buffer.allocUnsafe(PIECE);
		strm.next_out = 0;
	}
}
