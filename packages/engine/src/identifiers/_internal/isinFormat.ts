/**
 * The ISIN format rule (ISO 6166), without the check digit: two uppercase letters (the ISO 3166-1
 * alpha-2 country, or a code such as XS; only the form is checked, not the country list) and nine
 * uppercase letters or digits; a full ISIN adds one check digit.
 */
export const ISIN_BODY_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}$/;
export const ISIN_PATTERN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
export const ISIN_FORMAT_RULE =
  "12 characters: 2 uppercase letters (country), 9 uppercase letters or digits, 1 check digit";
export const ISIN_BODY_RULE = "11 characters: 2 uppercase letters (country) then 9 uppercase letters or digits";
