/** Sign-up forms for the tests: valid posts for a Single and a Family, each with a fresh e-mail. */

export const SIGNUP_PASSWORD = "correct horse battery";

export function uniqueSignupEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function singleSignup(email: string): Record<string, string> {
  return {
    title: "Dr",
    fullName: "Ada Lovelace",
    email,
    password: SIGNUP_PASSWORD,
    confirm_password: SIGNUP_PASSWORD,
    address: "1 Analytical Street",
    city: "Manchester",
    county: "",
    postcode: "m1 1aa",
    mobile: "07700 900123",
    membership: "Single",
    childCount: "0",
    agreeTerms: "on",
    giftAidConcent: "on",
    residentConcent: "on",
    paymentConcent: "on",
  };
}

export function familySignup(
  email: string,
  children: Array<[name: string, year: string]> = [
    ["Byron", "2015"],
    ["Annabella", "2019"],
  ],
): Record<string, string> {
  const form: Record<string, string> = {
    ...singleSignup(email),
    title: "Mrs",
    fullName: "Grace Hopper",
    county: "Greater Manchester",
    membership: "Family",
    spouseTitle: "Mr",
    spouseName: "Vincent Hopper",
    spouseEmail: "Vincent.Hopper@Example.com",
    spouseMobile: "07700900456",
    childCount: String(children.length),
    childPhotoConcent: "on",
    childPhotoShareConcent: "on",
  };
  children.forEach(([name, year], index) => {
    form[`childName${index + 1}`] = name;
    form[`childYear${index + 1}`] = year;
  });
  return form;
}
