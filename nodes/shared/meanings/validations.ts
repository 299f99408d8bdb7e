// Destination validation meanings (the vendor's SDK, Zenoph.Notify): the service validates each message id asked about in a
// report query. Keyed on the id only, like the status and handshake tables.

export type ValidationVerdict = 'valid' | 'invalid' | 'unknown';

export interface ValidationMeaning {
	id: number;
	label: string;
	verdict: ValidationVerdict;
	reason: string;
}

const VALIDATIONS: ReadonlyMap<number, Omit<ValidationMeaning, 'id'>> = new Map([
	[2401, { label: 'DV_OK', verdict: 'valid', reason: 'valid' }],
	[
		2402,
		{
			label: 'DV_ERR_QUERY_TIME',
			verdict: 'invalid',
			reason: 'the query time is invalid for this destination',
		},
	],
	[2403, { label: 'DV_ERR_DESTINATION_ID', verdict: 'invalid', reason: 'invalid destination id' }],
	[2404, { label: 'DV_UNKNOWN', verdict: 'unknown', reason: 'validation unknown' }],
] satisfies Array<[number, Omit<ValidationMeaning, 'id'>]>);

export const DOCUMENTED_VALIDATION_IDS: readonly number[] = [...VALIDATIONS.keys()].sort(
	(a, b) => a - b,
);

/** An id the SDK does not list is 'unknown': a new id from the service must never stop the node. */
export function describeValidation(id: number): ValidationMeaning {
	const known = VALIDATIONS.get(id);
	if (known) return { id, ...known };
	return {
		id,
		label: 'UNKNOWN',
		verdict: 'unknown',
		reason: `validation ${String(id)} is not documented`,
	};
}
