/**
 * Delivery reports the client asks for, as the vendor's SDK (Zenoph.Notify) asks for them:
 *
 * - `POST /v5/report/message/delivery/{batch}`, no body: the send answer's shape with `delivery`
 *   true and every destination of the batch;
 * - `POST /v5/report/message/delivery/destinations/{batch}` with the message ids: the same shape
 *   with only those destinations, in request order, each with a `validation` (2401 found, 2403 an
 *   id of a form the service never gives, 2404 not in this batch; 2402, the query time being over,
 *   is never answered: the simulator keeps batches until reset);
 * - the vendor's URL API form, `/v5/report/message/delivery` with `reference=<batch>` (and the key
 *   as `key=` when there is no Authorization header), in the query string or a form body.
 *
 * A batch the account does not own is unknown (1501), whoever owns it. Asking for a report is what
 * makes a destination whose delivery time has passed final (store.ts).
 */
import { dataWith, itemWriter, sendData, unknownItem } from './answers';
import { refused, type Answer, type Call } from './calls';
import { DV, HSHK, validationRef } from './labels';
import { idFormStatus } from './msgids';
import { decodeDestinationIds } from './requests';
import { finalise, type Destination } from './store';

/** The whole batch's report. */
export function report(call: Call): Answer {
	const batch = call.store.get(call.account.config.id, call.batch, call.now);
	if (!batch) return refused(HSHK.MR_BATCH_ID);
	finalise(batch, call.now, call.settings.deliverAfterMs);
	return { handshake: HSHK.OK, data: sendData(batch, batch.destinations, call.shape, true) };
}

/** The report of the destinations named by their message ids. */
export function reportDestinations(call: Call): Answer {
	const batch = call.store.get(call.account.config.id, call.batch, call.now);
	if (!batch) return refused(HSHK.MR_BATCH_ID);
	const asked = decodeDestinationIds(call.format, call.body);
	if ('handshake' in asked) return refused(asked.handshake);
	finalise(batch, call.now, call.settings.deliverAfterMs);
	const byId = new Map<string, Destination>();
	for (const d of batch.destinations) byId.set(d.id, d);
	const write = itemWriter(batch, call.shape);
	const dialect = call.shape.dialect;
	const items = asked.ok.map((id) => {
		if (idFormStatus(id) !== undefined)
			return unknownItem(id, dialect, validationRef(DV.DESTINATION_ID));
		const d = byId.get(id);
		if (!d) return unknownItem(id, dialect, validationRef(DV.UNKNOWN));
		const item = write(d);
		item.validation = validationRef(DV.OK);
		return item;
	});
	return { handshake: HSHK.OK, data: dataWith(batch, items, call.shape, true) };
}

/** The URL form's parameters: the query string, then a form-encoded body (which wins). */
export function formParameters(
	query: string,
	contentType: string | undefined,
	body: string,
): URLSearchParams {
	const params = new URLSearchParams(query);
	if (contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
		for (const [key, value] of new URLSearchParams(body)) params.set(key, value);
	}
	return params;
}
