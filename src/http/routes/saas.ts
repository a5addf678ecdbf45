// SaaS mode's own endpoints and the authentication every other endpoint goes through:
// `installSaasAuthentication` puts the caller (user and the workbook named by X-Workbook-Id or
// ?workbook_id=) on each request before its route runs; `saasRoutes` are the built-in accounts,
// service tokens and the caller's workbooks (docs/design.md §9).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthConfigResponse,
  CollaboratorListResponse,
  CollaboratorParams,
  CreateTokenBody,
  InviteBody,
  InviteParams,
  InviteResponse,
  SharedWithMeResponse,
  WorkbookIdParam,
  CreateWorkbookBody,
  Credentials,
  ErrorBody,
  IdParam,
  MeResponse,
  OkResponse,
  RetitleWorkbookBody,
  SessionResponse,
  TokenCreatedResponse,
  TokenListResponse,
  WorkbookListResponse,
  WorkbookSummaryResponse,
} from '../../contract/index.js';
import type { Caller, SaasHost } from '../../hosting/index.js';
import {
  SignInThrottledError,
  type Accounts,
  type CollaboratorEntry,
  type Collaborators,
  type Authenticator,
  type Identity,
  type ServiceTokens,
  type SignedIn,
  type WorkbookDirectory,
  type UserProviders,
  type WorkbookSummary,
} from '../../saas/index.js';
import type { PluginSecrets } from '../../plugins/index.js';
import { renameWorkbook } from '../../editing/index.js';
import { HttpError } from '../errors.js';
import { callerOf, changeMeta } from '../route-deps.js';

export interface SaasServices {
  readonly authenticator: Authenticator;
  readonly accounts: Accounts;
  readonly tokens: ServiceTokens;
  readonly directory: WorkbookDirectory;
  readonly collaborators: Collaborators;
  readonly host: SaasHost;
  /** Each user's provider keys (their own; the environment's only when shared). */
  readonly providers: Pick<UserProviders, 'forUser'>;
  /** Each user's plugin secrets. */
  readonly pluginSecrets: PluginSecrets;
}

/** Routes anyone may call: signing in, liveness, the API document and the web UI's files. */
function isPublic(url: string | undefined): boolean {
  return (
    url === undefined ||
    url === '/auth/signup' ||
    url === '/auth/login' ||
    url === '/auth/config' ||
    url === '/healthz' ||
    url === '/openapi.json' ||
    url === '/docs' ||
    url.startsWith('/docs/') ||
    url === '/*'
  );
}

type SaasRequest = FastifyRequest & { caller?: Caller; identity?: Identity };

function workbookIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-workbook-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.['workbook_id'];
  const raw = header ?? query;
  if (raw === undefined) return undefined;
  // A NUL could never name a workbook, and the database cannot even look it up.
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 200 || raw.includes('\0'))
    throw new HttpError(
      400,
      'X-Workbook-Id / workbook_id: must be one workbook id (1–200 characters, no NUL character).',
    );
  return raw.trim();
}

/** Every request but the public ones must carry a valid `Authorization: Bearer` token. */
export function installSaasAuthentication(app: FastifyInstance, saas: SaasServices): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isPublic(request.routeOptions.url)) return;
    let identity: Identity;
    try {
      identity = await saas.authenticator.authenticate(request.headers.authorization);
    } catch (error) {
      void reply.header('www-authenticate', 'Bearer');
      throw error;
    }
    const saasRequest = request as SaasRequest;
    saasRequest.identity = identity;
    saasRequest.caller = {
      userId: identity.id,
      workbookId: workbookIdOf(request),
      email: identity.email ?? undefined,
      // The workbook stays in memory until the response is over (sent, or the client went away).
      hold: (release) => reply.raw.once('close', release),
    };
  });
}

function identityOf(request: FastifyRequest): Identity {
  const identity = (request as SaasRequest).identity;
  if (identity === undefined) throw new HttpError(401, 'Not signed in.');
  return identity;
}

const sessionJson = (signedIn: SignedIn) => ({
  token: signedIn.token,
  expires_at: signedIn.expiresAt.toISOString(),
  user: { id: signedIn.user.id, email: signedIn.user.email ?? null },
});

const collaboratorJson = (entry: CollaboratorEntry) =>
  entry.kind === 'active'
    ? {
        kind: entry.kind,
        user_id: entry.userId,
        email: entry.email,
        role: entry.role,
        ...(entry.invitedAt === undefined
          ? {}
          : {
              invited_at: entry.invitedAt.toISOString(),
              accepted_at: entry.acceptedAt?.toISOString() ?? null,
            }),
      }
    : {
        kind: entry.kind,
        id: entry.id,
        email: entry.email,
        role: entry.role,
        ...(entry.invitedAt === undefined ? {} : { invited_at: entry.invitedAt.toISOString() }),
      };

const workbookJson = (summary: WorkbookSummary) => ({
  id: summary.id,
  title: summary.title,
  updated_at: summary.updatedAt.toISOString(),
  role: summary.role,
});

export const saasRoutes: FastifyPluginAsyncTypebox<{ saas: SaasServices }> = async (
  app,
  { saas },
) => {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const builtInAccounts = (): void => {
    if (saas.authenticator.externalIdp)
      throw new HttpError(
        404,
        "Built-in accounts are off: this server signs users in through its identity provider; send that provider's token.",
      );
  };
  const throttled = async <T>(
    reply: { header(name: string, value: string): unknown },
    run: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof SignInThrottledError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  };

  app.get(
    '/auth/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'How this server signs users in (public; the sign-in page reads it)',
        response: { 200: AuthConfigResponse },
      },
    },
    async () => ({
      built_in_accounts: !saas.authenticator.externalIdp,
      external_idp: saas.authenticator.externalIdp,
      session_seconds: saas.authenticator.sessionSeconds,
    }),
  );

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a built-in account and sign in',
        body: Credentials,
        response: { 200: SessionResponse, 409: ErrorBody, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      builtInAccounts();
      return sessionJson(
        await throttled(reply, () =>
          saas.accounts.signUp(request.body.email, request.body.password, request.ip),
        ),
      );
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in to a built-in account',
        body: Credentials,
        response: { 200: SessionResponse, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      builtInAccounts();
      return sessionJson(
        await throttled(reply, () =>
          saas.accounts.signIn(request.body.email, request.body.password, request.ip),
        ),
      );
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'A fresh session token for the signed-in session',
        response: { 200: SessionResponse, ...errors },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      if (identity.via !== 'session')
        throw new HttpError(400, 'Only a session token (from /auth/login) can be refreshed.');
      const session = await saas.authenticator.signSession(identity);
      return sessionJson({ ...session, user: identity });
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who the token belongs to',
        response: { 200: MeResponse, ...errors },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      return { user: { id: identity.id, email: identity.email ?? null }, via: identity.via };
    },
  );

  app.post(
    '/auth/tokens',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a long-lived service token (shown once)',
        body: CreateTokenBody,
        response: { 200: TokenCreatedResponse, ...errors },
      },
    },
    async (request) => {
      const name = request.body.name?.trim() || 'Untitled token';
      const created = await saas.tokens.create(identityOf(request).id, name);
      return {
        id: created.id,
        name: created.name,
        prefix: created.prefix,
        token: created.token,
        created_at: created.createdAt.toISOString(),
      };
    },
  );

  app.get(
    '/auth/tokens',
    {
      schema: {
        tags: ['auth'],
        summary: "The caller's service tokens (never the tokens themselves)",
        response: { 200: TokenListResponse, ...errors },
      },
    },
    async (request) => ({
      tokens: (await saas.tokens.list(identityOf(request).id)).map((token) => ({
        id: token.id,
        name: token.name,
        prefix: token.prefix,
        created_at: token.createdAt.toISOString(),
        revoked_at: token.revokedAt?.toISOString() ?? null,
      })),
    }),
  );

  app.delete(
    '/auth/tokens/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke a service token (effective on the next request)',
        params: IdParam,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await saas.tokens.revoke(identityOf(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/workbooks',
    {
      schema: {
        tags: ['workbooks'],
        summary: "The caller's workbooks, most recently changed first",
        response: { 200: WorkbookListResponse, ...errors },
      },
    },
    async (request) => {
      const userId = identityOf(request).id;
      // The default workbook exists from the first look, as from the first edit.
      await saas.directory.defaultFor(userId);
      return { workbooks: (await saas.directory.list(userId)).map(workbookJson) };
    },
  );

  app.post(
    '/workbooks',
    {
      schema: {
        tags: ['workbooks'],
        summary: "Create a workbook (its title is the new workbook's name)",
        body: CreateWorkbookBody,
        response: { 200: WorkbookSummaryResponse, ...errors },
      },
    },
    async (request) => ({
      workbook: workbookJson(
        await saas.directory.create(identityOf(request).id, request.body.title, (id, name) =>
          saas.host.nameNew(id, name, changeMeta(request)),
        ),
      ),
    }),
  );

  app.patch(
    '/workbooks/:id',
    {
      schema: {
        tags: ['workbooks'],
        summary: "Rename a workbook (owner only): its title and the workbook's name",
        params: IdParam,
        body: RetitleWorkbookBody,
        response: { 200: WorkbookSummaryResponse, ...errors },
      },
    },
    async (request) => {
      const workbookId = request.params.id;
      const renameDocument = async (name: string): Promise<void> => {
        const handle = await saas.host.handleFor({ ...callerOf(request), workbookId });
        await renameWorkbook(handle, name, changeMeta(request), undefined, 'title');
      };
      return {
        workbook: workbookJson(
          await saas.directory.rename(
            identityOf(request).id,
            workbookId,
            request.body.title,
            renameDocument,
          ),
        ),
      };
    },
  );

  app.delete(
    '/workbooks/:id',
    {
      schema: {
        tags: ['workbooks'],
        summary: 'Delete a workbook and everything stored for it (owner only)',
        params: IdParam,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      const userId = identityOf(request).id;
      await saas.directory.requireOwner(userId, request.params.id, 'delete it');
      await saas.host.delete(request.params.id, () =>
        saas.directory.delete(userId, request.params.id),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/workbook/:workbook_id/collaborators',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Invite a collaborator by email (owner only): active at once, or pending',
        params: WorkbookIdParam,
        body: InviteBody,
        response: { 200: InviteResponse, ...errors },
      },
    },
    async (request) => ({
      ok: true as const,
      collaborator: collaboratorJson(
        await saas.collaborators.invite(
          identityOf(request).id,
          request.params.workbook_id,
          request.body.email,
          request.body.role ?? 'editor',
        ),
      ),
    }),
  );

  app.get(
    '/workbook/:workbook_id/collaborators',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Active collaborators and pending invites (owner only)',
        params: WorkbookIdParam,
        response: { 200: CollaboratorListResponse, ...errors },
      },
    },
    async (request) => ({
      collaborators: (
        await saas.collaborators.list(identityOf(request).id, request.params.workbook_id)
      ).map(collaboratorJson),
    }),
  );

  app.delete(
    '/workbook/:workbook_id/collaborators/:user_id',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Revoke an active collaborator (owner only; effective on their next request)',
        params: CollaboratorParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await saas.collaborators.revokeActive(
        identityOf(request).id,
        request.params.workbook_id,
        request.params.user_id,
      );
      return { ok: true as const };
    },
  );

  app.delete(
    '/workbook/:workbook_id/pending-invites/:invite_id',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Revoke a pending invite (owner only)',
        params: InviteParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await saas.collaborators.revokePending(
        identityOf(request).id,
        request.params.workbook_id,
        request.params.invite_id,
      );
      return { ok: true as const };
    },
  );

  app.get(
    '/workbook/shared-with-me',
    {
      schema: {
        tags: ['collaborators'],
        summary: 'Workbooks others shared with the caller, newest change first',
        response: { 200: SharedWithMeResponse, ...errors },
      },
    },
    async (request) => ({
      workbooks: (await saas.collaborators.sharedWith(identityOf(request).id)).map((shared) => ({
        id: shared.id,
        title: shared.title,
        updated_at: shared.updatedAt.toISOString(),
        owner_email: shared.ownerEmail ?? null,
        role: shared.role,
      })),
    }),
  );
};
