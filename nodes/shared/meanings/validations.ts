/**
 * Destination validation meanings (`destinations[].validation.id`), from the vendor's SDK
 * (Zenoph.Notify): the service validates each message id asked about in a delivery-report query
 * and says so per destination. Keyed on the numeric id only, like the status and handshake tables.
 *
 * No n8n imports here: this module is pure.
 */

export type ValidationVerdict = 'valid' | 'invalid' | 'unknown';

export interface ValidationMeaning {
	id: number;
	/** The SDK's constant for the id, or 'UNKNOWN' for an id it does not list. */
	label: string;
	verdict: ValidationVerdict;
	/** Plain lower-case phrase a user reads in an output field. */
	reason: string;
}

const VALIDATIONS: ReadonlyMap<number, Omit<ValidationMeaning, 'id'>> = new Map([
	[2401, { label: 'DV_OK', verdict: 'valid', reason: 'valid' }],
	[2402, { label: 'DV_ERR_QUERY_TIME', verdict: 'invalid', reason: 'the query time is invalid for this destination' }],
	[2403, { label: 'DV_ERR_DESTINATION_ID', verdict: 'invalid', reason: 'invalid destination id' }],
	[2404, { label: 'DV_UNKNOWN', verdict: 'unknown', reason: 'validation unknown' }],
] satisfies Array<[number, Omit<ValidationMeaning, 'id'>]>);

/** Every validation id the SDK lists (2401-2404), ascending. */
export const DOCUMENTED_VALIDATION_IDS: readonly number[] = [...VALIDATIONS.keys()].sort((a, b) => a - b);

/**
 * What a destination validation id means. An id the SDK does not list is 'unknown', its reason
 * naming the id: a new id from the service must never stop the node. Returns a fresh object.
 */
export function describeValidation(id: number): ValidationMeaning {
	const known = VALIDATIONS.get(id);
	if (known) return { id, ...known };
	return { id, label: 'UNKNOWN', verdict: 'unknown', reason: `validation ${String(id)} is not documented` };
}
