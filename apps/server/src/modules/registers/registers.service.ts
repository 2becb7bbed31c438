import type { Tx } from '../../db/client.ts';
import { createComplaintsService } from './complaints.service.ts';
import { createImprovementsService } from './improvements.service.ts';
import { createRegisterLinks } from './register-links.ts';
import { createRegistersContext, type RegistersContext } from './registers-context.ts';
import {
  type RegisterFile,
  type RegistersEvidence,
  registersEvidence,
  registersFiles,
} from './registers-evidence.ts';
import { createWatchService } from './watch.service.ts';

export function createRegistersService(deps: Omit<RegistersContext, 'asStaff'>) {
  const context = createRegistersContext(deps);
  const complaints = createComplaintsService(context);
  const improvements = createImprovementsService(context, complaints);
  const watch = createWatchService(context, improvements.exists);
  return {
    complaints,
    improvements,
    watch,
    links: createRegisterLinks(context),
    /**
     * The registers' figures for Qualiopi indicators 23, 24, 25, 31 and 32, read in the caller's
     * tenant transaction (one statement; row-level security applies: a trainer of the organisation).
     */
    evidenceOf: (tx: Tx, organizationId: string): Promise<RegistersEvidence> =>
      registersEvidence(tx, organizationId, deps.now()),
    /**
     * The registers as Excel CSVs for the audit pack (31 complaints, 32 improvement actions, 23, 24, 25
     * watch), in the caller's tenant transaction (three statements).
     */
    exportFiles: (tx: Tx, organizationId: string): Promise<RegisterFile[]> =>
      registersFiles(tx, organizationId, deps.now()),
  };
}

export type RegistersService = ReturnType<typeof createRegistersService>;
