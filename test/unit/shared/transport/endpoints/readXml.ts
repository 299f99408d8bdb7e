/** The endpoint tests' XML reading, shared so that each reads an answer as the transport does. */
import { decodeEnvelope } from '../../../../../nodes/shared/transport/codec';
import type { DataReader } from '../../../../../nodes/shared/transport/service';

/** The `data` of an XML answer, parsed as the transport parses it (with the reader's lists). */
export function xmlData(reader: DataReader<unknown>, data: string): unknown {
	const envelope = decodeEnvelope(
		`<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data>${data}</data></response>`,
		reader.xmlLists,
	);
	if (!envelope.ok) throw new Error(envelope.reason);
	return envelope.value.data;
}

/** Reads an XML answer's `data` as the transport does: parsed with the reader's lists, then read. */
export function readXml<T>(reader: DataReader<T>, data: string): T {
	return reader.read(xmlData(reader, data));
}
