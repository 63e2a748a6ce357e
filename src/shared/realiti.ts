// What REALITi's own scenario exports mean (spec/realiti-format.md): monitor model names
// and the patient age categories, shared by the scenario processor and the scenario view.

/** `scenarioMonitorType` ids: the spec's device codes 1-34 (8, 11 and 12 are not public). */
export const MONITOR_NAMES: Readonly<Record<number, string>> = {
  1: 'GE Carescape',
  2: 'Zoll X-Series',
  3: 'LifePak 15',
  4: 'Corpuls 3',
  5: 'Connex Vital Signs Monitor',
  6: 'LifePak 1000',
  7: 'Corpuls1',
  9: 'Corpuls AED',
  10: 'Propaq MD',
  13: 'HeartStart MRx',
  14: 'HeartStart MRx for Hospital',
  15: 'MX800',
  16: 'LifePak 20',
  17: 'Zoll R-Series',
  18: 'Capnostream 35',
  19: 'Generic Monitor',
  20: 'Generic Defibrillator',
  21: 'Basic Numerics',
  22: 'Basic Wave',
  23: 'Generic AED',
  24: 'ReVel Ventilator',
  25: 'Schiller DEFIGARD Touch 7',
  26: 'Schiller PHYSIOGARD Touch 7',
  27: 'Zoll EMV+',
  28: 'Corpuls3 4th Generation',
};

export const monitorName = (deviceId: number | null | undefined): string | null => (deviceId != null ? MONITOR_NAMES[deviceId] ?? null : null);

/**
 * REALITi's `patientAgeCategory` counts the other way from spec section 3: REALITi 0 adult,
 * 1 paediatric, 2 neonate -> patient_age 2 Adult, 1 Paediatric, 0 Neonate.
 */
export const patientAgeFromRealitiCategory = (category: 0 | 1 | 2): 0 | 1 | 2 => (2 - category) as 0 | 1 | 2;

export const AGE_UNITS = ['years', 'months', 'weeks', 'days'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

const DAYS_PER: Record<AgeUnit, number> = { years: 365.25, months: 30.44, weeks: 7, days: 1 };

/** Without a category: under 28 days neonate, under 18 years paediatric, else adult (spec patient_age). */
export function patientAgeFromAge(age: number, unit: AgeUnit): 0 | 1 | 2 {
  const days = age * DAYS_PER[unit];
  if (days < 28) return 0;
  if (days < 18 * DAYS_PER.years) return 1;
  return 2;
}

/** '45 years', '1 month', '3 days'. */
export function formatPatientAge(age: number, unit: string | null): string {
  const u = unit ?? 'years';
  return `${age} ${age === 1 && u.endsWith('s') ? u.slice(0, -1) : u}`;
}
