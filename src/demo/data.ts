// A realistic, linked data set for a platform: users of every role, projects with plans, flows in
// folders with published and draft versions and schedules, hundreds of runs with steps,
// connections of several types, templates, and MCP servers with PIECE and FLOW tools.
// Deterministic (seeded), so the same command always gives the same shape of data.
import type { components } from '../../generated/api';
import * as appConnections from '../app-connections/service';
import * as flowRuns from '../flow-runs/service';
import * as flowTemplates from '../flow-templates/service';
import * as flows from '../flows/service';
import type { Principal } from '../core/principal';
import * as mcpServers from '../mcp-servers/service';
import { addUser } from '../platforms/service';
import * as projects from '../projects/service';
import type { Store } from '../store/database';

type Trigger = components['schemas']['Trigger'];
type FlowRunStatus = components['schemas']['FlowRunStatus'];

export interface DemoSummary {
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

const SLACK = { pieceName: '@activepieces/piece-slack', pieceVersion: '~0.10.2' };

function scheduleTrigger(cronExpression: string, timezone: string, displayName: string, connection: string): Trigger {
  return {
    type: 'PIECE_TRIGGER',
    name: 'trigger',
    valid: true,
    displayName,
    settings: { pieceName: '@activepieces/piece-schedule', pieceVersion: '~0.1.5', triggerName: 'cron_expression', input: { cronExpression, timezone }, propertySettings: {} },
    nextAction: { name: 'step_1', type: 'PIECE', displayName: 'Send message', valid: true, settings: { ...SLACK, actionName: 'send_channel_message', input: { channel: '#reports', auth: `{{connections['${connection}']}}` } } },
  };
}

function webhookTrigger(displayName: string): Trigger {
  return {
    type: 'PIECE_TRIGGER',
    name: 'trigger',
    valid: true,
    displayName,
    settings: { pieceName: '@activepieces/piece-webhook', pieceVersion: '~0.1.4', triggerName: 'catch_webhook', input: {}, propertySettings: {}, sampleData: { sampleDataFileId: 'kP2mX8qZ4vN1rT6yW3bL0' } },
  };
}

interface FlowPlan {
  name: string;
  folder?: string;
  trigger?: Trigger;
  connections: string[];
  /** Published (and enabled when `enabled`); a later draft when `editedAfterPublish`. */
  published: boolean;
  enabled: boolean;
  editedAfterPublish: boolean;
}

interface ProjectPlan {
  displayName: string;
  externalId: string;
  pieces: string[];
  flows: FlowPlan[];
}

const PROJECTS: ProjectPlan[] = [
  {
    displayName: 'Sales operations',
    externalId: 'sales-ops',
    pieces: ['@activepieces/piece-schedule', '@activepieces/piece-slack', '@activepieces/piece-openai', '@activepieces/piece-webhook'],
    flows: [
      { name: 'Daily sales report', folder: 'Reports', trigger: scheduleTrigger('0 8 * * 1-5', 'Europe/Berlin', 'Every weekday at 8:00', 'slack-sales'), connections: ['slack-sales'], published: true, enabled: true, editedAfterPublish: true },
      { name: 'Weekly pipeline digest', folder: 'Reports', trigger: scheduleTrigger('0 9 * * 1', 'America/New_York', 'Mondays at 9:00', 'slack-sales'), connections: ['slack-sales', 'openai-reports'], published: true, enabled: true, editedAfterPublish: false },
      { name: 'Qualify inbound leads', folder: 'Leads', trigger: webhookTrigger('New lead from the website'), connections: ['openai-reports'], published: true, enabled: false, editedAfterPublish: false },
      { name: 'Post new leads to Slack', folder: 'Leads', connections: [], published: false, enabled: false, editedAfterPublish: false },
    ],
  },
  {
    displayName: 'Customer support',
    externalId: 'support',
    pieces: [],
    flows: [
      { name: 'Escalate urgent tickets', folder: 'Tickets', trigger: webhookTrigger('Ticket created'), connections: ['zendesk-support'], published: true, enabled: true, editedAfterPublish: false },
      { name: 'Nightly backlog summary', trigger: scheduleTrigger('30 22 * * *', 'UTC', 'Every night at 22:30', 'slack-support'), connections: ['slack-support'], published: true, enabled: true, editedAfterPublish: false },
      { name: 'Satisfaction survey follow-up', connections: [], published: false, enabled: false, editedAfterPublish: false },
    ],
  },
  {
    displayName: 'Marketing',
    externalId: 'marketing',
    pieces: [],
    flows: [
      { name: 'Publish blog posts to social', folder: 'Content', trigger: webhookTrigger('New blog post'), connections: ['buffer-marketing'], published: true, enabled: true, editedAfterPublish: true },
      { name: 'Monthly newsletter metrics', folder: 'Content', trigger: scheduleTrigger('0 7 1 * *', 'Europe/London', 'First day of the month', 'slack-marketing'), connections: ['slack-marketing'], published: true, enabled: false, editedAfterPublish: false },
    ],
  },
];

const CONNECTIONS: Array<{ externalId: string; displayName: string; type: components['schemas']['AppConnectionType']; pieceName: string; projects: string[]; scope: 'PROJECT' | 'PLATFORM'; status: components['schemas']['AppConnectionStatus'] }> = [
  { externalId: 'slack-sales', displayName: 'Slack (sales workspace)', type: 'OAUTH2', pieceName: SLACK.pieceName, projects: ['sales-ops'], scope: 'PROJECT', status: 'ACTIVE' },
  { externalId: 'openai-reports', displayName: 'OpenAI', type: 'SECRET_TEXT', pieceName: '@activepieces/piece-openai', projects: ['sales-ops', 'marketing'], scope: 'PLATFORM', status: 'ACTIVE' },
  { externalId: 'zendesk-support', displayName: 'Zendesk', type: 'BASIC_AUTH', pieceName: '@activepieces/piece-zendesk', projects: ['support'], scope: 'PROJECT', status: 'ERROR' },
  { externalId: 'slack-support', displayName: 'Slack (support workspace)', type: 'CLOUD_OAUTH2', pieceName: SLACK.pieceName, projects: ['support'], scope: 'PROJECT', status: 'ACTIVE' },
  { externalId: 'buffer-marketing', displayName: 'Buffer', type: 'CUSTOM_AUTH', pieceName: '@activepieces/piece-buffer', projects: ['marketing'], scope: 'PROJECT', status: 'MISSING' },
  { externalId: 'slack-marketing', displayName: 'Slack (marketing workspace)', type: 'PLATFORM_OAUTH2', pieceName: SLACK.pieceName, projects: ['marketing'], scope: 'PROJECT', status: 'ACTIVE' },
];

const RUN_STATUSES: Array<[FlowRunStatus, number]> = [
  ['SUCCEEDED', 60], ['FAILED', 15], ['RUNNING', 4], ['QUEUED', 3], ['PAUSED', 3], ['TIMEOUT', 4], ['INTERNAL_ERROR', 3], ['QUOTA_EXCEEDED', 3], ['MEMORY_LIMIT_EXCEEDED', 2], ['CANCELED', 3],
];

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

export async function loadDemoData(store: Store, principal: Principal, options: { runsPerFlow?: number; now?: Date } = {}): Promise<DemoSummary> {
  const random = seeded(20261121);
  const runsPerFlow = options.runsPerFlow ?? 40;
  const clock = (options.now ?? new Date()).getTime();
  const summary: DemoSummary = { users: 0, projects: 0, flows: 0, runs: 0, connections: 0, templates: 0 };

  const people: Array<[string, string, string, string]> = [
    ['grace@example.com', 'Grace', 'Hopper', 'MEMBER'],
    ['alan@example.com', 'Alan', 'Turing', 'OPERATOR'],
    ['katherine@example.com', 'Katherine', 'Johnson', 'MEMBER'],
    ['edsger@example.com', 'Edsger', 'Dijkstra', 'ADMIN'],
    ['barbara@example.com', 'Barbara', 'Liskov', 'MEMBER'],
  ];
  const userIds: string[] = [principal.userId];
  for (const [index, [email, firstName, lastName, platformRole]] of people.entries()) {
    userIds.push(await addUser(store, principal.platformId, { email, firstName, lastName, platformRole, status: index === 1 ? 'INACTIVE' : 'ACTIVE', externalId: `emp-${String(index + 2).padStart(4, '0')}` }));
    summary.users += 1;
  }

  const projectIds = new Map<string, string>();
  for (const plan of PROJECTS) {
    const project = await projects.create(store, principal, { displayName: plan.displayName, externalId: plan.externalId, metadata: { costCenter: `CC-${4100 + summary.projects * 100}` }, maxConcurrentJobs: 20 + summary.projects * 10 });
    if (plan.pieces.length > 0) await projects.update(store, principal, project.id, { plan: { piecesFilterType: 'ALLOWED', pieces: plan.pieces } });
    projectIds.set(plan.externalId, project.id);
    summary.projects += 1;
  }

  for (const [index, connection] of CONNECTIONS.entries()) {
    await appConnections.create(store, {
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
    });
    summary.connections += 1;
  }

  for (const plan of PROJECTS) {
    const projectId = projectIds.get(plan.externalId) ?? '';
    const flowIds: string[] = [];
    for (const flowPlan of plan.flows) {
      const flow = await flows.create(store, principal, { displayName: flowPlan.name, projectId, ...(flowPlan.folder ? { folderName: flowPlan.folder } : {}), metadata: { team: plan.externalId } });
      flowIds.push(flow.id);
      summary.flows += 1;
      if (flowPlan.trigger) await flows.saveDraft(store, flow.id, { trigger: flowPlan.trigger, valid: true, connectionIds: flowPlan.connections, updatedBy: principal.userId });
      if (!flowPlan.published) continue;
      await flows.publish(store, flow.id, principal.userId);
      if (flowPlan.enabled) await flows.setStatus(store, flow.id, 'ENABLED');
      if (flowPlan.editedAfterPublish) await flows.saveDraft(store, flow.id, { displayName: `${flowPlan.name} (v2)`, updatedBy: userIds[1] ?? principal.userId });

      // Runs of the last 30 days, newest last; some in the builder (TESTING), a few sub-flows.
      for (let runIndex = 0; runIndex < runsPerFlow; runIndex += 1) {
        const status = pickStatus(random);
        const created = new Date(clock - Math.floor(random() * 30 * 86_400_000)).toISOString();
        const duration = Math.floor(200 + random() * 9_000);
        const finished = !IN_PROGRESS.includes(status);
        const failedStep = status === 'FAILED' ? (random() < 0.5 ? 'step_1' : 'step_2') : undefined;
        await flowRuns.record(store, {
          flowId: flow.id,
          status,
          environment: random() < 0.1 ? 'TESTING' : 'PRODUCTION',
          created,
          tasks: 1 + Math.floor(random() * 5),
          tags: random() < 0.3 ? ['scheduled', 'demo'] : ['demo'],
          logsFileId: finished ? `log${created.replace(/\D/g, '').slice(0, 18)}` : null,
          steps: {
            trigger: { type: 'PIECE_TRIGGER', status: 'SUCCEEDED', output: { receivedAt: created } },
            step_1: { type: 'PIECE', status: failedStep === 'step_1' ? 'FAILED' : 'SUCCEEDED', output: failedStep === 'step_1' ? { error: 'channel_not_found' } : { ok: true } },
            ...(failedStep === 'step_2' ? { step_2: { type: 'CODE', status: 'FAILED', output: { error: 'TypeError: cannot read properties of undefined' } } } : {}),
          },
          ...(finished ? { finishTime: new Date(Date.parse(created) + duration).toISOString(), duration } : {}),
          ...(failedStep ? { failedStepName: failedStep } : {}),
        });
        summary.runs += 1;
      }
    }

    // The project's MCP server exposes Slack actions and its first published flow.
    const servers = await mcpServers.list(store, principal, { projectId, limit: 1 });
    const server = servers.data[0];
    const toolFlowId = flowIds[0];
    if (server && toolFlowId) {
      await mcpServers.update(store, principal, server.id, {
        name: `${plan.displayName} assistant tools`,
        tools: [
          { type: 'PIECE', pieceMetadata: { ...SLACK, logoUrl: 'https://cdn.activepieces.com/pieces/slack.png', connectionExternalId: plan.externalId === 'sales-ops' ? 'slack-sales' : `slack-${plan.externalId}`, actionNames: ['send_channel_message', 'find_user_by_email'] } },
          { type: 'FLOW', flowId: toolFlowId },
        ],
      });
    }
  }

  const templates: Array<[string, string, Trigger, string[]]> = [
    ['Daily sales report to Slack', 'Every weekday at 8:00, post the sales report to a Slack channel.', scheduleTrigger('0 8 * * 1-5', 'Europe/Berlin', 'Every weekday at 8:00', 'slack-sales'), ['sales', 'slack']],
    ['Escalate urgent tickets', 'Post urgent support tickets to the on-call channel.', webhookTrigger('Ticket created'), ['support']],
    ['Blank flow', 'Start from an empty trigger.', { type: 'EMPTY', name: 'trigger', valid: false, displayName: 'Select Trigger', settings: {} }, []],
  ];
  for (const [displayName, description, trigger, tags] of templates) {
    const portable = trigger.type === 'PIECE_TRIGGER'
      ? { ...trigger, settings: { pieceName: trigger.settings.pieceName, pieceVersion: trigger.settings.pieceVersion, pieceType: 'OFFICIAL' as const, packageType: 'REGISTRY' as const, triggerName: trigger.settings.triggerName, input: trigger.settings.input } }
      : trigger;
    await flowTemplates.create(store, principal, { description, template: { displayName, trigger: portable, valid: trigger.valid, schemaVersion: '1' }, tags, type: 'PLATFORM' });
    summary.templates += 1;
  }
  return summary;
}
