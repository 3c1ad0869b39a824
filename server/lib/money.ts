// Money is kept in kobo (integers) in the database and shown in naira in the API (architecture "Data").
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}
