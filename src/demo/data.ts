// A realistic, linked data set for a platform: users of every role, projects with plans, flows in
// folders with published and draft versions and schedules, hundreds of runs with steps,
// connections of several types, templates, and MCP servers with PIECE and FLOW tools.
// Deterministic (seeded), so the same command always gives the same shape of data.
import type { components } from '../../generated/api';
import * as appConnections from '../app-connections/service';
import type { Principal } from '../core/principal';
import * as flowRuns from '../flow-runs/service';
import * as flowTemplates from '../flow-templates/service';
import * as flows from '../flows/service';
import * as mcpServers from '../mcp-servers/service';
import { addUser } from '../platforms/service';
import * as projects from '../projects/service';
import type { Store } from '../store/engine/database';
import { withChosenIds } from '../store/reading/ids';
import { CONNECTIONS, EXAMPLE_IDS, PEOPLE, PROJECTS, RUN_STATUSES, SLACK, TEMPLATES } from './fixtures';

type FlowRunStatus = components['schemas']['FlowRunStatus'];

export interface DemoSummary {
  /** The projects made, with the external id each got (another when the platform already had it). */
  madeProjects: { id: string; externalId: string; displayName: string }[];
  users: number;
  projects: number;
  flows: number;
  runs: number;
  connections: number;
  templates: number;
}

/** A small seeded generator (mulberry32): stable demo data without a dependency. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickStatus(random: () => number): FlowRunStatus {
  const total = RUN_STATUSES.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [status, weight] of RUN_STATUSES) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'SUCCEEDED';
}

const IN_PROGRESS: FlowRunStatus[] = ['RUNNING', 'QUEUED', 'PAUSED'];

/**
 * `wanted`, or `wanted-demo`, `wanted-demo-2`, … when the platform already has a project with it:
 * `demo-data` may be loaded into a store whose users already made a `sales-ops` of their own.
 */
async function freeExternalId(store: Store, platformId: string, wanted: string): Promise<string> {
  const taken = new Set(
    (
      await store.db
        .selectFrom('projects')
        .select('external_id')
        .where('platform_id', '=', platformId)
        .where('external_id', 'like', `${wanted}%`)
        .execute()
    ).map((row) => row.external_id),
  );
  if (!taken.has(wanted)) return wanted;
  for (let attempt = 1; ; attempt += 1) {
    const candidate = attempt === 1 ? `${wanted}-demo` : `${wanted}-demo-${attempt}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function loadDemoData(
  store: Store,
  principal: Principal,
  options: {
    runsPerFlow?: number;
    now?: Date;
    /** Give the records the docs name the ids of the contract's examples (the sandbox: an empty store). */
    exampleIds?: boolean;
  } = {},
): Promise<DemoSummary> {
  /** Runs `work` with the example ids when asked for them, and checks the record got the first one it needed. */
  async function withExampleIds<T extends { id: string }>(
    ids: readonly string[],
    expected: string,
    work: () => Promise<T>,
  ): Promise<T> {
    if (!options.exampleIds) return work();
    const made = await withChosenIds(ids, work);
    if (made.id !== expected) throw new Error(`demo data: expected the example id ${expected}, made ${made.id}`);
    return made;
  }
  const random = seeded(20261121);
  const runsPerFlow = options.runsPerFlow ?? 40;
  const clock = (options.now ?? new Date()).getTime();
  const summary: DemoSummary = {
    madeProjects: [],
    users: 0,
    projects: 0,
    flows: 0,
    runs: 0,
    connections: 0,
    templates: 0,
  };

  const userIds: string[] = [principal.userId];
  for (const [index, [email, firstName, lastName, platformRole]] of PEOPLE.entries()) {
    userIds.push(
      await addUser(store, principal.platformId, {
        email,
        firstName,
        lastName,
        platformRole,
        status: index === 1 ? 'INACTIVE' : 'ACTIVE',
        externalId: `emp-${String(index + 2).padStart(4, '0')}`,
      }),
    );
    summary.users += 1;
  }

  const projectIds = new Map<string, string>();
  for (const plan of PROJECTS) {
    const example =
      plan.externalId === 'sales-ops'
        ? EXAMPLE_IDS.salesOps
        : plan.externalId === 'marketing'
          ? EXAMPLE_IDS.projectToDelete
          : undefined;
    const externalId = await freeExternalId(store, principal.platformId, plan.externalId);
    const create = () =>
      projects.create(store, principal, {
        displayName: plan.displayName,
        externalId,
        metadata: { costCenter: `CC-${4100 + summary.projects * 100}` },
        maxConcurrentJobs: 20 + summary.projects * 10,
      });
    // A project makes its id, its plan's and its MCP server's, in that order.
    const project = example
      ? await withExampleIds([example.project, example.plan, example.mcpServer], example.project, create)
      : await create();
    summary.madeProjects.push({ id: project.id, externalId, displayName: plan.displayName });
    if (plan.pieces.length > 0)
      await projects.update(store, principal, project.id, {
        plan: { piecesFilterType: 'ALLOWED', pieces: plan.pieces },
      });
    projectIds.set(plan.externalId, project.id);
    summary.projects += 1;
  }

  for (const [index, connection] of CONNECTIONS.entries()) {
    const create = (work: () => Promise<unknown>) =>
      connection.id === undefined ? work() : withChosenIds([connection.id], work);
    await create(() =>
      appConnections.create(store, {
        platformId: principal.platformId,
        projectIds: connection.projects.map((externalId) => projectIds.get(externalId) ?? ''),
        externalId: connection.externalId,
        displayName: connection.displayName,
        type: connection.type,
        pieceName: connection.pieceName,
        scope: connection.scope,
        status: connection.status,
        ownerId: userIds[index % userIds.length] ?? principal.userId,
        metadata: { createdBy: 'demo-data' },
        value: { secret: `demo-secret-${connection.externalId}` },
        created: new Date(clock - (60 - index) * 86_400_000).toISOString(),
      }),
    );
    summary.connections += 1;
  }
  if (options.exampleIds) {
    // The user the updateUser and deleteUser samples deactivate and delete: one who owns nothing
    // (made after the connections, which each of the others owns one of).
    const { id, email, firstName, lastName, externalId } = EXAMPLE_IDS.userToDelete;
    await withExampleIds([id], id, async () => ({
      id: await addUser(store, principal.platformId, {
        email,
        firstName,
        lastName,
        platformRole: 'MEMBER',
        externalId,
      }),
    }));
    summary.users += 1;
  }

  for (const plan of PROJECTS) {
    const projectId = projectIds.get(plan.externalId) ?? '';
    const flowIds: string[] = [];
    for (const flowPlan of plan.flows) {
      const createFlow = () =>
        flows.create(store, principal, {
          displayName: flowPlan.name,
          projectId,
          ...(flowPlan.folder ? { folderName: flowPlan.folder } : {}),
          metadata: { team: plan.externalId },
        });
      const inSales = plan.externalId === 'sales-ops';
      const exampleFlow = inSales && flowPlan.name === EXAMPLE_IDS.flow.displayName;
      const { flowToDelete } = EXAMPLE_IDS;
      // A flow makes its own id, its first version's, then its folder's (the project's first flow in that folder).
      const flow = exampleFlow
        ? await withExampleIds(
            [EXAMPLE_IDS.flow.id, EXAMPLE_IDS.flow.publishedVersion, EXAMPLE_IDS.flow.folder],
            EXAMPLE_IDS.flow.id,
            createFlow,
          )
        : inSales && flowPlan.name === flowToDelete.displayName
          ? await withExampleIds(
              [flowToDelete.id, flowToDelete.version, flowToDelete.folder],
              flowToDelete.id,
              createFlow,
            )
          : await createFlow();
      let exampleRunPending = exampleFlow;
      flowIds.push(flow.id);
      summary.flows += 1;
      if (flowPlan.trigger)
        await flows.saveDraft(store, flow.id, {
          trigger: flowPlan.trigger,
          valid: true,
          connectionIds: flowPlan.connections,
          updatedBy: principal.userId,
        });
      if (!flowPlan.published) continue;
      await flows.publish(store, flow.id, principal.userId);
      if (flowPlan.enabled) await flows.setStatus(store, flow.id, 'ENABLED');
      if (flowPlan.editedAfterPublish) {
        const editDraft = () =>
          flows.saveDraft(store, flow.id, {
            displayName: `${flowPlan.name} (v2)`,
            updatedBy: userIds[1] ?? principal.userId,
          });
        if (exampleFlow)
          await withExampleIds([EXAMPLE_IDS.flow.draftVersion], EXAMPLE_IDS.flow.draftVersion, editDraft);
        else await editDraft();
      }

      // Runs of the last 30 days, newest last; some in the builder (TESTING), a few sub-flows.
      for (let runIndex = 0; runIndex < runsPerFlow; runIndex += 1) {
        const status = pickStatus(random);
        const created = new Date(clock - Math.floor(random() * 30 * 86_400_000)).toISOString();
        const duration = Math.floor(200 + random() * 9_000);
        const finished = !IN_PROGRESS.includes(status);
        const failedStep = status === 'FAILED' ? (random() < 0.5 ? 'step_1' : 'step_2') : undefined;
        const exampleRun = exampleRunPending && status === 'FAILED';
        if (exampleRun) exampleRunPending = false;
        const record = (input: Parameters<typeof flowRuns.record>[1]) =>
          exampleRun
            ? withExampleIds([EXAMPLE_IDS.failedRun], EXAMPLE_IDS.failedRun, () => flowRuns.record(store, input))
            : flowRuns.record(store, input);
        await record({
          flowId: flow.id,
          status,
          environment: random() < 0.1 ? 'TESTING' : 'PRODUCTION',
          created,
          tasks: 1 + Math.floor(random() * 5),
          tags: random() < 0.3 ? ['scheduled', 'demo'] : ['demo'],
          logsFileId: finished ? `log${created.replace(/\D/g, '').slice(0, 18)}` : null,
          steps: {
            trigger: { type: 'PIECE_TRIGGER', status: 'SUCCEEDED', output: { receivedAt: created } },
            step_1: {
              type: 'PIECE',
              status: failedStep === 'step_1' ? 'FAILED' : 'SUCCEEDED',
              output: failedStep === 'step_1' ? { error: 'channel_not_found' } : { ok: true },
            },
            ...(failedStep === 'step_2'
              ? {
                  step_2: {
                    type: 'CODE',
                    status: 'FAILED',
                    output: { error: 'TypeError: cannot read properties of undefined' },
                  },
                }
              : {}),
          },
          ...(finished ? { finishTime: new Date(Date.parse(created) + duration).toISOString(), duration } : {}),
          ...(failedStep ? { failedStepName: failedStep } : {}),
        });
        summary.runs += 1;
      }
      if (options.exampleIds && exampleRunPending)
        throw new Error(`demo data: no failed run of ${flowPlan.name} to give ${EXAMPLE_IDS.failedRun}`);
    }

    // The project's MCP server exposes Slack actions and its first published flow.
    const servers = await mcpServers.list(store, principal, { projectId, limit: 1 });
    const server = servers.data[0];
    const toolFlowId = flowIds[0];
    if (server && toolFlowId) {
      await mcpServers.update(store, principal, server.id, {
        name: `${plan.displayName} assistant tools`,
        tools: [
          {
            type: 'PIECE',
            pieceMetadata: {
              ...SLACK,
              logoUrl: 'https://cdn.activepieces.com/pieces/slack.png',
              connectionExternalId: plan.externalId === 'sales-ops' ? 'slack-sales' : `slack-${plan.externalId}`,
              actionNames: ['send_channel_message', 'find_user_by_email'],
            },
          },
          { type: 'FLOW', flowId: toolFlowId },
        ],
      });
    }
  }

  for (const [displayName, description, trigger, tags] of TEMPLATES) {
    const portable =
      trigger.type === 'PIECE_TRIGGER'
        ? {
            ...trigger,
            settings: {
              pieceName: trigger.settings.pieceName,
              pieceVersion: trigger.settings.pieceVersion,
              pieceType: 'OFFICIAL' as const,
              packageType: 'REGISTRY' as const,
              triggerName: trigger.settings.triggerName,
              input: trigger.settings.input,
            },
          }
        : trigger;
    // The template the getFlowTemplate and deleteFlowTemplate samples read and delete (FlowTemplateCreated).
    const exampleId =
      options.exampleIds && displayName === EXAMPLE_IDS.template.displayName ? EXAMPLE_IDS.template.id : undefined;
    await flowTemplates.create(store, principal, {
      ...(exampleId ? { id: exampleId } : {}),
      description,
      template: { displayName, trigger: portable, valid: trigger.valid, schemaVersion: '1' },
      tags,
      type: 'PLATFORM',
    });
    summary.templates += 1;
  }
  return summary;
}
