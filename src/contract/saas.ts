// SaaS mode: built-in accounts, service tokens and the caller's workbooks (docs/design.md §9).
import { Type, type Static, type TStringOptions } from 'typebox';
import { List } from './common.js';

/** Refuses U+0000, which Postgres text cannot hold (the error table names it, `errors.ts`). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/**
 * Text the SaaS database stores or looks up: a NUL in it is the field's 400 here, not a 500 from
 * the database.
 */
const StoredText = (options: TStringOptions) =>
  Type.String({ ...options, pattern: NO_NUL_PATTERN });

/**
 * A workbook's title is its name, so it is read as the name is (RenameWorkbookBody): at most
 * 1000 characters here, 1 to 120 once trimmed (core's MAX_WORKBOOK_NAME, checked by the
 * directory), so whatever one accepts the other does.
 */
const WorkbookTitle = (description: string) =>
  StoredText({ maxLength: 1000, description: `${description} 1 to 120 characters once trimmed.` });

export const Credentials = Type.Object(
  {
    email: StoredText({ maxLength: 320, description: 'Trimmed and lowercased.' }),
    password: Type.String({ maxLength: 1024, description: 'At least 8 characters at sign-up.' }),
  },
  { examples: [{ email: 'ada@example.com', password: 'correct horse battery' }] },
);
export type Credentials = Static<typeof Credentials>;

export const UserJson = Type.Object({
  id: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
});

export const SessionResponse = Type.Object({
  token: Type.String({ description: 'A session JWT for Authorization: Bearer; short-lived.' }),
  expires_at: Type.String({ description: 'ISO 8601 UTC.' }),
  user: UserJson,
});
export type SessionResponse = Static<typeof SessionResponse>;

export const AuthConfigResponse = Type.Object({
  built_in_accounts: Type.Boolean({
    description:
      'Whether POST /auth/signup and /auth/login are served (no external IdP configured).',
  }),
  external_idp: Type.Boolean({
    description: "Whether the server accepts an external identity provider's JWTs instead.",
  }),
  session_seconds: Type.Integer({
    description: 'How long a built-in session token lasts; the page refreshes it before then.',
  }),
});
export type AuthConfigResponse = Static<typeof AuthConfigResponse>;

export const MeResponse = Type.Object({
  user: UserJson,
  via: Type.Union([
    Type.Literal('session'),
    Type.Literal('external'),
    Type.Literal('service-token'),
  ]),
});
export type MeResponse = Static<typeof MeResponse>;

export const CreateTokenBody = Type.Object(
  {
    name: Type.Optional(StoredText({ maxLength: 80, description: 'Default "Untitled token".' })),
  },
  { examples: [{ name: 'CI pipeline' }] },
);
export type CreateTokenBody = Static<typeof CreateTokenBody>;

const TokenFields = {
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the token.' }),
  created_at: Type.String(),
};

export const TokenCreatedResponse = Type.Object({
  ...TokenFields,
  token: Type.String({ description: 'The token itself: shown this once, never again.' }),
});
export type TokenCreatedResponse = Static<typeof TokenCreatedResponse>;

export const TokenListResponse = Type.Object({
  tokens: List(
    Type.Object({ ...TokenFields, revoked_at: Type.Union([Type.String(), Type.Null()]) }),
  ),
});
export type TokenListResponse = Static<typeof TokenListResponse>;

export const IdParam = Type.Object({ id: StoredText({ maxLength: 200 }) });
export type IdParam = Static<typeof IdParam>;

export const OkResponse = Type.Object({ ok: Type.Literal(true) });

export const WorkbookSummaryJson = Type.Object({
  id: Type.String(),
  title: Type.String(),
  updated_at: Type.String(),
  role: Type.Union([Type.Literal('owner'), Type.Literal('editor')]),
});

export const WorkbookListResponse = Type.Object({ workbooks: List(WorkbookSummaryJson) });
export type WorkbookListResponse = Static<typeof WorkbookListResponse>;
export const WorkbookSummaryResponse = Type.Object({ workbook: WorkbookSummaryJson });
export type WorkbookSummaryResponse = Static<typeof WorkbookSummaryResponse>;

export const CreateWorkbookBody = Type.Object(
  {
    title: Type.Optional(
      WorkbookTitle('Default "Untitled workbook". Also the new workbook\'s name.'),
    ),
  },
  { examples: [{ title: 'Q3 plan' }] },
);
export type CreateWorkbookBody = Static<typeof CreateWorkbookBody>;

export const RetitleWorkbookBody = Type.Object(
  {
    title: WorkbookTitle('Also renames the workbook (its name in GET /api/workbook).'),
  },
  { examples: [{ title: 'Q4 plan' }] },
);
export type RetitleWorkbookBody = Static<typeof RetitleWorkbookBody>;

export const WorkbookIdParam = Type.Object({ workbook_id: StoredText({ maxLength: 200 }) });
export type WorkbookIdParam = Static<typeof WorkbookIdParam>;

export const InviteBody = Type.Object(
  {
    email: StoredText({
      maxLength: 320,
      description: 'Trimmed, lowercased, matched case-insensitively.',
    }),
    role: Type.Optional(Type.String({ maxLength: 20, description: 'Only "editor" is accepted.' })),
  },
  { examples: [{ email: 'grace@example.com', role: 'editor' }] },
);
export type InviteBody = Static<typeof InviteBody>;

export const CollaboratorJson = Type.Object({
  kind: Type.Union([Type.Literal('active'), Type.Literal('pending')]),
  user_id: Type.Optional(Type.String()),
  id: Type.Optional(Type.String({ description: 'A pending invite’s id (its revoke key).' })),
  email: Type.String(),
  role: Type.String(),
  invited_at: Type.Optional(Type.String()),
  accepted_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type CollaboratorJson = Static<typeof CollaboratorJson>;

export const InviteResponse = Type.Object({
  ok: Type.Literal(true),
  collaborator: CollaboratorJson,
});
export type InviteResponse = Static<typeof InviteResponse>;
export const CollaboratorListResponse = Type.Object({ collaborators: List(CollaboratorJson) });
export type CollaboratorListResponse = Static<typeof CollaboratorListResponse>;

export const CollaboratorParams = Type.Object({
  workbook_id: StoredText({ maxLength: 200 }),
  user_id: StoredText({ maxLength: 200 }),
});
export type CollaboratorParams = Static<typeof CollaboratorParams>;

export const InviteParams = Type.Object({
  workbook_id: StoredText({ maxLength: 200 }),
  invite_id: StoredText({ maxLength: 200 }),
});
export type InviteParams = Static<typeof InviteParams>;

export const SharedWithMeResponse = Type.Object({
  workbooks: List(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      updated_at: Type.String(),
      owner_email: Type.Union([Type.String(), Type.Null()]),
      role: Type.String(),
    }),
  ),
});
export type SharedWithMeResponse = Static<typeof SharedWithMeResponse>;
