/**
 * Approximate coordinates of the cities in the agency's area (and a few beyond), for the
 * screening's proximity tiers (docs/product.md, Limits: same neighbourhood, same city, up to 30 km, beyond).
 * Keys are folded names (no accents, lower case).
 */
export const CITY_COORDINATES: Record<string, { lat: number; lon: number }> = {
  fortaleza: { lat: -3.7319, lon: -38.5267 },
  caucaia: { lat: -3.7361, lon: -38.6531 },
  maracanau: { lat: -3.8767, lon: -38.6256 },
  eusebio: { lat: -3.8897, lon: -38.4506 },
  aquiraz: { lat: -3.9017, lon: -38.3911 },
  maranguape: { lat: -3.8903, lon: -38.6856 },
  pacatuba: { lat: -3.9842, lon: -38.6181 },
  itaitinga: { lat: -3.9697, lon: -38.5281 },
  horizonte: { lat: -4.0978, lon: -38.4906 },
  sobral: { lat: -3.6861, lon: -40.3497 },
  'juazeiro do norte': { lat: -7.2131, lon: -39.3153 },
  crato: { lat: -7.2342, lon: -39.4094 },
  natal: { lat: -5.7945, lon: -35.211 },
  parnamirim: { lat: -5.9156, lon: -35.2628 },
  'sao goncalo do amarante': { lat: -5.7908, lon: -35.3294 },
  macaiba: { lat: -5.8583, lon: -35.3547 },
  extremoz: { lat: -5.7058, lon: -35.3072 },
  'ceara-mirim': { lat: -5.6344, lon: -35.4258 },
  mossoro: { lat: -5.1878, lon: -37.3442 },
  caico: { lat: -6.4594, lon: -37.0978 },
  recife: { lat: -8.0476, lon: -34.877 },
  'joao pessoa': { lat: -7.1195, lon: -34.845 },
  teresina: { lat: -5.0892, lon: -42.8016 },
}
