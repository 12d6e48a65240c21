/**
 * The account-security feature's public entry for its pure rules (ADR 58): how a device and a
 * country are named, for "Download my data" as for the signed-in devices page.
 */
export { countryName, deviceName } from "./device-name";
