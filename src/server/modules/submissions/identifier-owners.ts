import type { TIdentifierType } from '@shared/credit-reference';
import type { IdentifierOwners, IdentifierValue } from '../matching';

/** Identifier types in the order they decide between two people: NIN is lifelong and unique. */
const IDENTIFIER_PRIORITY: TIdentifierType[] = ['nin', 'passport', 'drivers_license'];

/** The distinct people the row's identifiers belong to. */
export function ownersOf(identifiers: IdentifierValue[], owners: IdentifierOwners): string[] {
  const found: string[] = [];
  for (const i of identifiers) {
    const owner = owners.get(i.type, i.value);
    if (owner && !found.includes(owner)) found.push(owner);
  }
  return found;
}

export function primaryOwnerOrNull(identifiers: IdentifierValue[], owners: IdentifierOwners): string | null {
  for (const type of IDENTIFIER_PRIORITY) {
    const id = identifiers.find((i) => i.type === type);
    const owner = id && owners.get(id.type, id.value);
    if (owner) return owner;
  }
  return null;
}

export function pickPrimaryOwner(identifiers: IdentifierValue[], owners: IdentifierOwners): string {
  const owner = primaryOwnerOrNull(identifiers, owners);
  if (!owner) throw new Error('pickPrimaryOwner called without an owned identifier');
  return owner;
}
