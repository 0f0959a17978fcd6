// The demo data set as tables: projects and their flows, connections, users and templates.
// src/demo/data.ts loads them through the services, the way the product would make them.
import type { components } from '../../generated/api';

/** The sandbox's key: public on purpose; the sandbox holds only demo data and forgets it on exit. */
export const SANDBOX_API_KEY = 'sk-sandbox000000000000000000000000000000000000000000000000000000';

type Trigger = components['schemas']['Trigger'];
type FlowRunStatus = components['schemas']['FlowRunStatus'];

export const SLACK = { pieceName: '@activepieces/piece-slack', pieceVersion: '~0.10.2' };

export function scheduleTrigger(
  cronExpression: string,
  timezone: string,
  displayName: string,
  connection: string,
): Trigger {
  return {
    type: 'PIECE_TRIGGER',
    name: 'trigger',
    valid: true,
    displayName,
    settings: {
      pieceName: '@activepieces/piece-schedule',
      pieceVersion: '~0.1.5',
      triggerName: 'cron_expression',
      input: { cronExpression, timezone },
      propertySettings: {},
    },
    nextAction: {
      name: 'step_1',
      type: 'PIECE',
      displayName: 'Send message',
      valid: true,
      settings: {
        ...SLACK,
        actionName: 'send_channel_message',
        input: { channel: '#reports', auth: `{{connections['${connection}']}}` },
        // As a flow's piece action carries it: a template of this trigger makes a flow (IMPORT_FLOW) as it is.
        propertySettings: {},
      },
    },
  };
}

export function webhookTrigger(displayName: string): Trigger {
  return {
    type: 'PIECE_TRIGGER',
    name: 'trigger',
    valid: true,
    displayName,
    settings: {
      pieceName: '@activepieces/piece-webhook',
      pieceVersion: '~0.1.4',
      triggerName: 'catch_webhook',
      input: {},
      propertySettings: {},
      sampleData: { sampleDataFileId: 'kP2mX8qZ4vN1rT6yW3bL0' },
    },
  };
}

export interface FlowPlan {
  name: string;
  folder?: string;
  trigger?: Trigger;
  connections: string[];
  /** Published (and enabled when `enabled`); a later draft when `editedAfterPublish`. */
  published: boolean;
  enabled: boolean;
  editedAfterPublish: boolean;
}

export interface ProjectPlan {
  displayName: string;
  externalId: string;
  pieces: string[];
  flows: FlowPlan[];
}

export const PROJECTS: ProjectPlan[] = [
  {
    displayName: 'Sales operations',
    externalId: 'sales-ops',
    pieces: [
      '@activepieces/piece-schedule',
      '@activepieces/piece-slack',
      '@activepieces/piece-openai',
      '@activepieces/piece-webhook',
    ],
    flows: [
      {
        name: 'Daily sales report',
        folder: 'Reports',
        trigger: scheduleTrigger('0 8 * * 1-5', 'Europe/Berlin', 'Every weekday at 8:00', 'slack-sales'),
        connections: ['slack-sales'],
        published: true,
        enabled: true,
        editedAfterPublish: true,
      },
      {
        name: 'Weekly pipeline digest',
        folder: 'Reports',
        trigger: scheduleTrigger('0 9 * * 1', 'America/New_York', 'Mondays at 9:00', 'slack-sales'),
        connections: ['slack-sales', 'openai-reports'],
        published: true,
        enabled: true,
        editedAfterPublish: false,
      },
      {
        name: 'Qualify inbound leads',
        folder: 'Leads',
        trigger: webhookTrigger('New lead from the website'),
        connections: ['openai-reports'],
        published: true,
        enabled: false,
        editedAfterPublish: false,
      },
      {
        name: 'Post new leads to Slack',
        folder: 'Leads',
        connections: [],
        published: false,
        enabled: false,
        editedAfterPublish: false,
      },
      {
        name: 'Old lead import',
        folder: 'Archive',
        connections: [],
        published: false,
        enabled: false,
        editedAfterPublish: false,
      },
    ],
  },
  {
    displayName: 'Customer support',
    // Not `support`: the docs' createProject sample makes that one, and must not be a 409 in the sandbox.
    externalId: 'customer-care',
    pieces: [],
    flows: [
      {
        name: 'Escalate urgent tickets',
        folder: 'Tickets',
        trigger: webhookTrigger('Ticket created'),
        connections: ['zendesk-support'],
        published: true,
        enabled: true,
        editedAfterPublish: false,
      },
      {
        name: 'Nightly backlog summary',
        trigger: scheduleTrigger('30 22 * * *', 'UTC', 'Every night at 22:30', 'slack-support'),
        connections: ['slack-support'],
        published: true,
        enabled: true,
        editedAfterPublish: false,
      },
      {
        name: 'Satisfaction survey follow-up',
        connections: [],
        published: false,
        enabled: false,
        editedAfterPublish: false,
      },
    ],
  },
  {
    displayName: 'Marketing',
    externalId: 'marketing',
    pieces: [],
    flows: [
      {
        name: 'Publish blog posts to social',
        folder: 'Content',
        trigger: webhookTrigger('New blog post'),
        connections: ['buffer-marketing'],
        published: true,
        enabled: true,
        editedAfterPublish: true,
      },
      {
        name: 'Monthly newsletter metrics',
        folder: 'Content',
        trigger: scheduleTrigger('0 7 1 * *', 'Europe/London', 'First day of the month', 'slack-marketing'),
        connections: ['slack-marketing'],
        published: true,
        enabled: false,
        editedAfterPublish: false,
      },
    ],
  },
];

export const CONNECTIONS: Array<{
  externalId: string;
  displayName: string;
  type: components['schemas']['AppConnectionType'];
  pieceName: string;
  projects: string[];
  scope: 'PROJECT' | 'PLATFORM';
  status: components['schemas']['AppConnectionStatus'];
  /** The id a contract example gives it (EXAMPLE_IDS); a new id when absent. */
  id?: string;
}> = [
  {
    externalId: 'slack-sales',
    id: '4kJzornAzSGLLpou3AXRc',
    displayName: 'Slack (sales workspace)',
    type: 'OAUTH2',
    pieceName: SLACK.pieceName,
    projects: ['sales-ops'],
    scope: 'PROJECT',
    status: 'ACTIVE',
  },
  {
    externalId: 'openai-reports',
    displayName: 'OpenAI',
    type: 'SECRET_TEXT',
    pieceName: '@activepieces/piece-openai',
    projects: ['sales-ops', 'marketing'],
    scope: 'PLATFORM',
    status: 'ACTIVE',
  },
  {
    externalId: 'zendesk-support',
    displayName: 'Zendesk',
    type: 'BASIC_AUTH',
    pieceName: '@activepieces/piece-zendesk',
    projects: ['customer-care'],
    scope: 'PROJECT',
    status: 'ERROR',
  },
  {
    externalId: 'slack-support',
    id: 'Sl4ckSupp0rtQrt7wYc2N',
    displayName: 'Slack (support workspace)',
    type: 'CLOUD_OAUTH2',
    pieceName: SLACK.pieceName,
    projects: ['customer-care'],
    scope: 'PROJECT',
    status: 'ACTIVE',
  },
  {
    externalId: 'buffer-marketing',
    displayName: 'Buffer',
    type: 'CUSTOM_AUTH',
    pieceName: '@activepieces/piece-buffer',
    projects: ['marketing'],
    scope: 'PROJECT',
    status: 'MISSING',
  },
  {
    externalId: 'slack-marketing',
    displayName: 'Slack (marketing workspace)',
    type: 'PLATFORM_OAUTH2',
    pieceName: SLACK.pieceName,
    projects: ['marketing'],
    scope: 'PROJECT',
    status: 'ACTIVE',
  },
];

export const RUN_STATUSES: Array<[FlowRunStatus, number]> = [
  ['SUCCEEDED', 60],
  ['FAILED', 15],
  ['RUNNING', 4],
  ['QUEUED', 3],
  ['PAUSED', 3],
  ['TIMEOUT', 4],
  ['INTERNAL_ERROR', 3],
  ['QUOTA_EXCEEDED', 3],
  ['MEMORY_LIMIT_EXCEEDED', 2],
  ['CANCELED', 3],
];

/** The platform's other users: email, first and last name, platform role. */
export const PEOPLE: Array<[string, string, string, string]> = [
  ['grace@example.com', 'Grace', 'Hopper', 'MEMBER'],
  ['alan@example.com', 'Alan', 'Turing', 'OPERATOR'],
  ['katherine@example.com', 'Katherine', 'Johnson', 'MEMBER'],
  ['edsger@example.com', 'Edsger', 'Dijkstra', 'ADMIN'],
  ['barbara@example.com', 'Barbara', 'Liskov', 'MEMBER'],
];

/** Platform templates: name, description, trigger, tags. */
export const TEMPLATES: Array<[string, string, Trigger, string[]]> = [
  [
    'Daily sales report to Slack',
    'Every weekday at 8:00, post the sales report to a Slack channel.',
    scheduleTrigger('0 8 * * 1-5', 'Europe/Berlin', 'Every weekday at 8:00', 'slack-sales'),
    ['sales', 'slack'],
  ],
  [
    'Escalate urgent tickets',
    'Post urgent support tickets to the on-call channel.',
    webhookTrigger('Ticket created'),
    ['support'],
  ],
  [
    'Blank flow',
    'Start from an empty trigger.',
    { type: 'EMPTY', name: 'trigger', valid: false, displayName: 'Select Trigger', settings: {} },
    [],
  ],
];

/**
 * The ids the contract's named examples give (openapi/components/examples/), which the docs' curl
 * and TypeScript samples and the README call: the sandbox's records carry them, so every sample runs
 * verbatim against it. test/resources/demo-data.test.ts checks them against the examples.
 */
export const EXAMPLE_IDS = {
  /** ProjectPage: Sales operations, its plan, and McpServerPage's server. */
  salesOps: { project: 'tIGxaT6wLuyI20pyiBGVC', plan: 'DBi1zXYXrAWZb40BmwIES', mcpServer: 'G6T3H6nQQMRDy6C0PmltB' },
  /**
   * FlowLatest: the daily sales report, in its folder (Folder: Reports), with the version it
   * published first (FlowPublishedVersion) and its newer draft (FlowVersionPage).
   */
  flow: {
    id: 'tDVKg7394Qn7RoH23PSVU',
    publishedVersion: 'L8Jt2j22v0uwMVM0sK5na',
    folder: 'z7LL3Xvjf2cwBQrt1jfg1',
    draftVersion: 'rhQvorLPRddZe7w0lhCZa',
    displayName: 'Daily sales report',
  },
  /** EventFlowDeleted and EventFolderDeleted: the flow the deleteFlow sample deletes, in the folder deleteFolder's deletes. */
  flowToDelete: {
    id: 'fLwOLd0AuDiT7hOoK5xQz',
    version: 'Bq7nW2xK9mZr4vT8cYp3L',
    folder: 'Fo1dArch1veQrt7wYc2Nb',
    displayName: 'Old lead import',
  },
  /**
   * EventProjectDeleted and deleteProject's sample: Marketing, the project the sample deletes (its
   * connection shared with Sales operations stays), its plan and its MCP server.
   */
  projectToDelete: {
    project: 'mKtG7pQ2vX9rL4nW8cYd1',
    plan: 'mKtPlan5Zq8Rw3Tx6Vb0N',
    mcpServer: 'mKtMcp4Hs7Jd2Fg9Lk3Pa',
  },
  /** AppConnection (getAppConnection, getAppConnectionValue, the upsert that replaces it) and the one deleteAppConnection's sample deletes. */
  connection: '4kJzornAzSGLLpou3AXRc',
  connectionToDelete: 'Sl4ckSupp0rtQrt7wYc2N',
  /** FlowRunFailed: a failed run of that flow. */
  failedRun: 'L3y8I6ibMT8n4OWLs3cMC',
  /** FlowTemplateCreated: the template getFlowTemplate's sample reads and deleteFlowTemplate's deletes. */
  template: { id: '5qmarZTK2oTYmtgQ3auXH', displayName: 'Daily sales report to Slack' },
  /** UserUpdated and UserIdPathToDelete: the user updateUser's sample deactivates and deleteUser's deletes. */
  userToDelete: {
    id: 'T1mB3rnersLee0000Www1',
    email: 'tim@example.com',
    firstName: 'Tim',
    lastName: 'Berners-Lee',
    externalId: 'okta-00u7timbl',
  },
} as const;
