import type { GiftAidDeclaration } from "~/kernel/store/records";
import { houseFromAddress } from "./house";
import { splitName } from "./name";
import { BAD_POSTCODE, isUkPostcode, normalisePostcode } from "./postcode";

/**
 * The donor's columns of a schedule row from the declaration in force (docs/requirements.md §14,
 * ADR 74), with every reason the row cannot be claimed as it is, in plain English for the
 * treasurer, who fixes them by correcting the declaration.
 */
export interface DonorDetails {
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  problems: string[];
}

export function donorDetails(declaration: Pick<GiftAidDeclaration, "title" | "fullName" | "address" | "postcode">): DonorDetails {
  const name = splitName(declaration.fullName, declaration.title);
  const house = houseFromAddress(declaration.address);
  const postcode = normalisePostcode(declaration.postcode);
  const problems = [...name.problems];
  if (house.problem) problems.push(house.problem);
  if (!isUkPostcode(postcode)) problems.push(BAD_POSTCODE);
  return { title: name.title, firstName: name.firstName, lastName: name.lastName, house: house.house, postcode, problems };
}
