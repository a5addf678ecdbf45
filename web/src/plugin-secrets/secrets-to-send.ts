// What a plugin secrets form sends: only the slots the user typed into (a blank field leaves its
// stored secret alone), and `""` for a slot the user cleared (the server deletes it).

/** The `secrets` body of PUT /settings/plugin-secrets/{slug} from the typed fields. */
export function typedSecrets(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}
