// SaaS: the caller's workbooks and the ones shared with them (docs/design.md §9), and the
// collaborators of a workbook the caller owns (docs/contract.md §4 Collaborators).
import type { ApiClient } from './client.js';
import type { CollaboratorJson, SharedWorkbookJson, WorkbookSummaryJson } from './types.js';

const workbookPath = (id: string) => `/workbooks/${encodeURIComponent(id)}`;
const collaboratorsPath = (id: string) => `/workbook/${encodeURIComponent(id)}/collaborators`;

export class WorkbooksApi {
  constructor(private readonly client: ApiClient) {}

  list(): Promise<{ workbooks: WorkbookSummaryJson[] }> {
    return this.client.get('/workbooks');
  }

  sharedWithMe(): Promise<{ workbooks: SharedWorkbookJson[] }> {
    return this.client.get('/workbook/shared-with-me');
  }

  create(title: string): Promise<{ workbook: WorkbookSummaryJson }> {
    return this.client.post('/workbooks', { title });
  }

  retitle(id: string, title: string): Promise<{ workbook: WorkbookSummaryJson }> {
    return this.client.json('PATCH', workbookPath(id), { body: { title } });
  }

  /**
   * The workbook's own name (what its page shows), set in that workbook: the request names it
   * with its own X-Workbook-Id, whichever workbook the page has open.
   */
  renameInside(id: string, name: string): Promise<unknown> {
    return this.client.json('POST', '/workbook/rename', {
      body: { name },
      headers: { 'x-workbook-id': id },
    });
  }

  delete(id: string): Promise<{ ok: true }> {
    return this.client.json('DELETE', workbookPath(id));
  }

  collaborators(id: string): Promise<{ collaborators: CollaboratorJson[] }> {
    return this.client.get(collaboratorsPath(id));
  }

  invite(id: string, email: string): Promise<{ ok: true; collaborator: CollaboratorJson }> {
    return this.client.post(collaboratorsPath(id), { email, role: 'editor' });
  }

  revokeCollaborator(id: string, userId: string): Promise<{ ok: true }> {
    return this.client.json('DELETE', `${collaboratorsPath(id)}/${encodeURIComponent(userId)}`);
  }

  revokeInvite(id: string, inviteId: string): Promise<{ ok: true }> {
    return this.client.json(
      'DELETE',
      `/workbook/${encodeURIComponent(id)}/pending-invites/${encodeURIComponent(inviteId)}`,
    );
  }
}
