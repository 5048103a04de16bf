/** Every query of air waybills starts with this key: a change to a waybill refetches them all. */
export const WAYBILLS = ['air-waybills'] as const;
