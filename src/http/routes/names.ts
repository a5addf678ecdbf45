// Defined names: thin routes over the editing use-cases (listed, set, deleted).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeleteNameBody, NamesResponse, SetNameBody } from '../../contract/index.js';
import { deleteDefinedName, namesJson, setDefinedName } from '../../editing/index.js';
import { changeMeta, handleOf, workbookOf, type RouteDeps } from '../route-deps.js';

export const nameRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, deps) => {
  app.get(
    '/workbook/names',
    {
      schema: {
        response: { 200: NamesResponse },
        tags: ['workbook'],
        summary: "The defined names: the workbook's, then each sheet's",
      },
    },
    async (request) => ({ names: namesJson(await workbookOf(deps, request)) }),
  );

  app.post(
    '/workbook/names',
    {
      schema: {
        response: { 200: NamesResponse },
        tags: ['workbook'],
        summary: 'Define a name, or redefine it (one undo step); formulas using it recompute',
        body: SetNameBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      const { name, sheet, refers_to: refersTo } = request.body;
      await setDefinedName(handle, { name, sheet, refersTo }, changeMeta(request));
      return { names: namesJson(handle.workbook) };
    },
  );

  app.post(
    '/workbook/names/delete',
    {
      schema: {
        response: { 200: NamesResponse },
        tags: ['workbook'],
        summary: 'Delete a name (one undo step); formulas using it answer #NAME?',
        body: DeleteNameBody,
      },
    },
    async (request) => {
      const handle = await handleOf(deps, request);
      await deleteDefinedName(handle, request.body, changeMeta(request));
      return { names: namesJson(handle.workbook) };
    },
  );
};
