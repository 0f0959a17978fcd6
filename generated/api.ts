// Generated from openapi/ by `npm run generate`. Do not edit.
export interface paths {
    "/v1/flows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List flows
         * @description Lists the flows of a project, newest first (by `created`, then `id`), each with one of its versions.
         *
         *     - `versionState=DRAFT` (the default) returns every flow with its latest version.
         *     - `versionState=LOCKED` returns every published flow with its published version and leaves out
         *       flows that were never published.
         *
         *     Filters combine with AND. Unknown projects, and projects of other platforms, are a 404.
         *     A page may hold fewer than `limit` items when they are large (about 1 MiB of text per page, see Pagination): follow `next` until it is `null`.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. A key limited to projects lists its
         *     projects' flows only: another project is a 404.
         */
        get: operations["listFlows"];
        put?: never;
        /**
         * Create a flow
         * @description Creates a flow in a project. The flow starts `DISABLED` and unpublished
         *     (`publishedVersionId: null`), with a new `externalId` and one `DRAFT` version named
         *     `displayName` whose trigger is `EMPTY` (`name: trigger`, `displayName: Select Trigger`).
         *
         *     File it in a folder with `folderId` (an existing folder of the project, else 404) or
         *     `folderName` (the project's folder of that name ignoring case, as listFolders lists them; created
         *     when missing, which sends `folder.created`); sending both is a 400.
         *     An unknown project is a 404.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A key limited to projects
         *     creates flows in its projects only: another project is a 404.
         */
        post: operations["createFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a flow
         * @description Returns a flow with its latest version, or with the version given by `versionId`.
         *     A `versionId` that is not a version of this flow is a 404, as is a flow of another platform.
         *
         *     The `ETag` header is the flow's revision, whichever version is shown: send it back in `If-Match`
         *     to `updateFlow` to change the flow only if nobody changed it since.
         *
         *     **Permission:** any key: `ENGINE` (which executes flows), `VIEWER`, `EDITOR` or `ADMIN`. A flow of a project a key is not
         *     limited to is a 404.
         */
        get: operations["getFlow"];
        put?: never;
        /**
         * Change a flow
         * @description Applies one operation to a flow, in Activepieces' shape: `{type, request}`, the fields of
         *     `request` depending on `type` (`FlowOperationRequest`). Answers the flow with its latest version,
         *     as `getFlow` does, and its new `ETag`.
         *
         *     | `type` | What it does |
         *     |---|---|
         *     | `CHANGE_STATUS` | `ENABLED` or `DISABLED`; only a published flow can be enabled |
         *     | `LOCK_AND_PUBLISH` | locks the draft and publishes it; `status`, when sent, is set too |
         *     | `USE_AS_DRAFT` | the draft becomes a copy of one of the flow's versions |
         *     | `LOCK_FLOW` | locks the draft without publishing it |
         *     | `CHANGE_NAME` | the draft's `displayName` |
         *     | `CHANGE_FOLDER` | a folder of the flow's project, or none |
         *     | `UPDATE_METADATA` | replaces `metadata` |
         *     | `IMPORT_FLOW` | replaces the draft's whole definition (display name, trigger, actions, notes) |
         *     | `UPDATE_TRIGGER` | replaces the trigger; the actions stay |
         *     | `ADD_ACTION` | adds an action after a step, or first inside a loop, a router's branch, or a step's success or failure chain |
         *     | `UPDATE_ACTION` | replaces an action's type, name shown, `skip` and settings |
         *     | `DELETE_ACTION` | deletes actions with the steps nested in them |
         *     | `DUPLICATE_ACTION` | copies an action (and what is nested in it) right after it |
         *     | `SET_SKIP_ACTION` | marks actions skipped or not |
         *     | `MOVE_ACTION` | moves an action (and what is nested in it) after another step, or first inside one |
         *     | `ADD_BRANCH` | adds a condition branch to a router |
         *     | `DELETE_BRANCH` | deletes a router's branch with the steps in it |
         *     | `DUPLICATE_BRANCH` | copies a router's condition branch (and its steps) right after it |
         *     | `MOVE_BRANCH` | moves a router's condition branch to another position |
         *     | `ADD_NOTE`, `UPDATE_NOTE`, `DELETE_NOTE` | a sticky note of the canvas |
         *
         *     **Versions.** The operations on the definition (`CHANGE_NAME`, `IMPORT_FLOW`, `UPDATE_TRIGGER`,
         *     `ADD_ACTION`, `UPDATE_ACTION`, `DELETE_ACTION`, `DUPLICATE_ACTION`, `SET_SKIP_ACTION`,
         *     `MOVE_ACTION`, `ADD_BRANCH`, `DELETE_BRANCH`, `DUPLICATE_BRANCH`, `MOVE_BRANCH`, the note
         *     operations, `USE_AS_DRAFT`) change the flow's `DRAFT` version; when its latest version is `LOCKED`, a new draft
         *     copied from it is made first and changed. A `LOCKED` version never changes again.
         *     `LOCK_AND_PUBLISH` locks the draft and makes it `publishedVersionId` (when the latest version
         *     is already locked, that version is published). Only a published flow can be `ENABLED`.
         *
         *     **Completeness.** `valid` is computed from the definition, never taken from the request: a step
         *     is complete when its settings are (a piece trigger or action with its trigger or action chosen,
         *     code that is not empty, a loop with `items`, a router whose conditions have their values), and a
         *     version is `valid` when its trigger is not `EMPTY` and every step that is not skipped is
         *     complete. Publishing a version that is not `valid` is a `409 FLOW_OPERATION_INVALID`.
         *
         *     **Bounds.** Step names are unique within a version; a version holds at most 250 steps (its
         *     trigger included), its definition is at most 512 KiB (524,288 bytes) as compact JSON in UTF-8
         *     and nested at most 250 levels deep. `connectionIds` and `agentIds` are computed from the steps'
         *     inputs (`{{connections['…']}}` in an `auth` input, the AI piece's `agentId`).
         *
         *     **Bad input changes nothing**: an unknown step (`404`), a name already used (`409`), a place the
         *     parent step does not have or a `branchIndex` the router does not have (`400`), a move into the
         *     moved step itself or a step nested in it (`400`), a router's `FALLBACK` branch moved, copied or
         *     deleted, or its only branch deleted (`400`), a router's 101st branch (`409`), a note id already
         *     used or a 101st note (`409`), a note, a `versionId` of another flow or a folder of another
         *     project that is not there (`404`); each problem names the field.
         *
         *     **Concurrency.** Each operation is one transaction on the flow as it is when it runs: concurrent
         *     operations all apply, one after the other. To apply a change only to the flow as you read it
         *     (an editor open in two tabs), send its `ETag` in `If-Match`: a `412` means someone changed it
         *     since.
         *
         *     Each operation sends the webhook event `flow.updated` (with `operationType`), and
         *     `flow.published`, `flow.enabled`, `flow.disabled` as they happen.
         *
         *     Differences from Activepieces, where it answers `200` and does something else: an unknown step,
         *     a duplicate name, an impossible place, a branch operation on a step that is not a router or on a
         *     branch it does not have, and an unpublishable version are refused rather than ignored, and
         *     `LOCK_AND_PUBLISH` leaves the status alone unless `status` is sent.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A flow of a project a key is
         *     not limited to is a 404.
         */
        post: operations["updateFlow"];
        /**
         * Delete a flow
         * @description Deletes the flow with every version and every run of it, in one transaction, and answers `204`
         *     without a body. The MCP tools that offer the flow are removed from their servers, each of which
         *     sends an `mcp_server.updated` event without the tool; then `flow.deleted` is sent, with the
         *     flow as it was. An engine's later update of one of its runs is a 404.
         *
         *     An unknown flow, or a flow of another platform, is a 404: so is a second delete of the same
         *     flow, and a retry after a lost answer can tell that the flow is gone either way.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A flow of a project a key is not limited to
         *     is a 404.
         */
        delete: operations["deleteFlow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flows/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the versions of a flow
         * @description Lists the versions of a flow, newest first (by `created`, then `id`): its `DRAFT` version, when
         *     it has one, comes first, then the `LOCKED` versions it published, the newest first. Each is
         *     complete (trigger and steps included), and any of them can be read with the flow through
         *     getFlow's `versionId`.
         *
         *     An unknown flow, or a flow of another platform, is a 404.
         *     A page may hold fewer than `limit` items when they are large (about 1 MiB of text per page, see Pagination): follow `next` until it is `null`.
         *
         *     **Permission:** any key: `ENGINE` (which executes flows), `VIEWER`, `EDITOR` or `ADMIN`. A flow of
         *     a project a key is not limited to is a 404.
         */
        get: operations["listFlowVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flows/{id}/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a flow as a template
         * @description Returns a version of the flow (the latest, or the one given by `versionId`) as the body
         *     createFlowTemplate takes: send it there unchanged to offer the flow to every project of the
         *     platform as a template. The trigger and its chain of steps are in the portable form templates
         *     carry; the version's name, `valid`, `schemaVersion`, `connectionIds`, `agentIds` and
         *     `backupFiles` come along. Add a `description`, `tags` or `blogUrl` before sending it, if you like.
         *
         *     A `versionId` that is not a version of this flow is a 404, as is a flow of another platform.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. A flow of a project a key is not
         *     limited to is a 404.
         */
        get: operations["exportFlowAsTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List folders
         * @description Lists the folders of a project by `displayName`, ignoring case (then by `id`), each with the
         *     number of flows in it. Unknown projects, and projects of other platforms, are a 404.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. A key limited to projects lists its
         *     projects' folders only: another project is a 404.
         */
        get: operations["listFolders"];
        put?: never;
        /**
         * Create a folder
         * @description Makes an empty folder in a project and sends `folder.created`. A name another folder of the
         *     project has, ignoring case, is a `409 FOLDER_NAME_ALREADY_EXISTS` naming that folder in
         *     `params.folderId` (so a create retried after a lost answer finds the folder it made). An
         *     unknown project is a 404.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A key limited to projects
         *     makes folders in its projects only: another project is a 404.
         */
        post: operations["createFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/folders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a folder
         * @description Returns a folder with the number of flows in it. An unknown folder, or one of another platform, is a 404.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. A folder of a project a key is
         *     not limited to is a 404.
         */
        get: operations["getFolder"];
        put?: never;
        /**
         * Rename a folder
         * @description Renames a folder and sends `folder.updated`; its flows stay in it. A name another folder of
         *     the project has, ignoring case, is a `409 FOLDER_NAME_ALREADY_EXISTS`, and nothing changes; the
         *     folder's own name in another case is a rename (`reports` to `Reports`). The same name as now
         *     changes nothing and sends no event. An unknown folder is a 404.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A folder of a project a key is not
         *     limited to is a 404.
         */
        post: operations["updateFolder"];
        /**
         * Delete a folder
         * @description Deletes a folder and answers `204` without a body. Its flows stay, in no folder
         *     (`folderId: null`), and nothing else of them changes. Sends `folder.deleted` with the folder
         *     as it was. An unknown folder is a 404: so is a second delete of the same folder.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A folder of a project a key is not
         *     limited to is a 404.
         */
        delete: operations["deleteFolder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List flow runs
         * @description Lists the `PRODUCTION` runs of a project, newest first (by `created`, then `id`), without
         *     their `steps` (read one run for them). Filters combine with AND; array filters match any of
         *     their values, except `tags`, where a run must carry every tag given. Archived runs
         *     (`archiveFlowRuns`) are left out unless `includeArchived` is `true`.
         *     A page may hold fewer than `limit` items when they are large (about 1 MiB of text per page, see Pagination): follow `next` until it is `null`.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. A key limited to projects lists its
         *     projects' runs only: another project is a 404.
         */
        get: operations["listFlowRuns"];
        put?: never;
        /**
         * Record a flow run
         * @description Records a run of a flow as it starts (`QUEUED` or `RUNNING`), in the run's own field names;
         *     its project is the flow's. `flowVersionId` must be a version of that flow and `parentRunId` a
         *     run of the same project (else a `404`, as for an unknown one). The run's end is recorded with
         *     `updateFlowRun`, which sends its `flow_run.*` webhook event. An unknown flow, or a flow of a
         *     project the key is not limited to, is a `404`.
         *
         *     **Permission:** an `ENGINE` or `ADMIN` key; any other key is a 403. A key limited to projects
         *     records runs of their flows only.
         *
         *     An engine that retries a start after a dropped connection sends the same `Idempotency-Key`
         *     on each try: the run is recorded once, and the retry is answered the first answer.
         */
        post: operations["createFlowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a flow run
         * @description Returns one run with the output of its steps. A run of another platform is a 404.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. A run of a project a key is not limited
         *     to is a 404.
         */
        get: operations["getFlowRun"];
        put?: never;
        /**
         * Update a flow run
         * @description Records what the engine learned about a run: its `status`, `finishTime`, `failedStepName`,
         *     `steps`, `duration`, `tasks`; only the fields sent change, and `{}` returns the run as it is.
         *
         *     The status moves forward only: `QUEUED` → `RUNNING` or `PAUSED` → a final status, `RUNNING`
         *     and `PAUSED` alternating; back to `QUEUED` is a `409`. A final status (`SUCCEEDED`,
         *     `FAILED`, `QUOTA_EXCEEDED`, `INTERNAL_ERROR`, `MEMORY_LIMIT_EXCEEDED`, `TIMEOUT`,
         *     `CANCELED`) is final: any later change is a `409 FLOW_RUN_STATUS_CONFLICT` (the same update
         *     sent again, changing nothing, answers the run). On reaching a final status the run gets its
         *     `finishTime` (this request's time unless given) and `duration` (`finishTime` minus
         *     `startTime` unless given), and its `flow_run.*` webhook event is written with it, once. A
         *     `finishTime` before the run's `startTime` is a `400`. An unknown run, or a run of a project
         *     the key is not limited to, is a `404`.
         *
         *     A run leased to an engine (`leaseFlowRuns`) is updated with its lease: `leaseToken` of the
         *     lease the engine holds. An expired or superseded lease, or none, is a `409
         *     FLOW_RUN_LEASE_CONFLICT`, so that an engine that stalled cannot overwrite what the engine that
         *     leased the run since records. A final status ends the lease; `PAUSED` ends it too, and with
         *     `resumeAt` the run is offered to engines again at that time.
         *
         *     **Permission:** an `ENGINE` or `ADMIN` key; any other key is a 403. A key limited to projects
         *     updates runs of their flows only.
         */
        post: operations["updateFlowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-runs/lease": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lease runs to execute
         * @description Hands an engine up to `limit` runs that are due, oldest due first, each leased to it alone
         *     until `lease.expiresAt`: `QUEUED` runs, `PAUSED` runs whose `resumeAt` has come, and runs
         *     whose last lease expired. Each comes `RUNNING`, with the version it executes, its `payload`
         *     and its `attempt`. When none is due, the call waits up to `waitSeconds` for one, then answers
         *     an empty `data`.
         *
         *     An engine that names `PIECE` in `jobTypes` also takes one-action jobs: an MCP client's call of a
         *     `PIECE` tool, a run tagged `mcp` of the project's `mcp-piece-tools` flow whose lease carries
         *     `pieceJob` (the piece, action, input and connection to execute). An engine that does not ask
         *     is never handed one.
         *
         *     The engine extends its lease with `heartbeatFlowRun` while it works and ends the run with
         *     `updateFlowRun`, presenting `lease.token`. A lease not extended in time puts the run back in
         *     `QUEUED`, its attempt counted; a run leased `RUN_MAX_ATTEMPTS` times (3 unless the operator
         *     set it) without ending is ended `INTERNAL_ERROR` instead. No two engines hold one run at once,
         *     on one instance or several (the lease is a change of the run's record, in the store's
         *     transaction).
         *
         *     **Permission:** an `ENGINE` or `ADMIN` key; any other key is a 403. A key limited to projects
         *     leases its projects' runs only.
         */
        post: operations["leaseFlowRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-runs/{id}/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extend the lease of a run
         * @description Tells the service the engine is still working on a run it leased: the lease now ends
         *     `leaseSeconds` from now. The answer says whether someone asked to cancel the run
         *     (`cancelFlowRuns`): the engine then stops and ends it `CANCELED`.
         *
         *     A lease that expired or was superseded by a newer one is a `409 FLOW_RUN_LEASE_CONFLICT`:
         *     another engine may hold the run now, and this one must stop. An unknown run, or a run of a
         *     project the key is not limited to, is a `404`.
         *
         *     **Permission:** an `ENGINE` or `ADMIN` key; any other key is a 403.
         */
        post: operations["heartbeatFlowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-runs/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a run of a flow
         * @description Queues a run of the flow's published version with `payload` as its trigger's output, for an
         *     engine to lease (`leaseFlowRuns`): a "run now" button, or a test from outside. The run is
         *     `QUEUED`, `PRODUCTION`, and gets its `flow_run.*` event when it ends. A flow never published is
         *     a `409 FLOW_OPERATION_INVALID`; it need not be enabled.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A key limited to
         *     projects queues runs of their flows only.
         */
        post: operations["queueFlowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-runs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a finished run
         * @description Queues the same run again, as the reference product's retry does (not a new run): its status
         *     `QUEUED`, its end (`finishTime`, `duration`) cleared, for an engine to lease with the next
         *     `attempt`. `FROM_FAILED_STEP` keeps its version, its `steps` and its `failedStepName` for the
         *     engine to start from; `ON_LATEST_VERSION` runs the flow's published version from the start.
         *     Only a run in a final status can be retried: another is a `409 FLOW_RUN_STATUS_CONFLICT`, and
         *     so is `ON_LATEST_VERSION` for a flow no longer published.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A run of a
         *     project the key is not limited to is a 404.
         */
        post: operations["retryFlowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-runs/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel runs
         * @description Cancels the unfinished runs of a project that match the filters, at most 1,000 a call
         *     (`hasMore` tells there are more). A `QUEUED` or `PAUSED` run ends `CANCELED` at once, with its
         *     `flow_run.canceled` event; a `RUNNING` run is marked, its engine told on its next heartbeat
         *     (`cancelRequested`), and it ends when the engine ends it. Runs already final are left as they
         *     are, and a run named twice is cancelled once.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. Another
         *     project, or one a key is not limited to, is a 404.
         */
        post: operations["cancelFlowRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-runs/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry runs
         * @description Queues again the `PRODUCTION` runs of a project in a final status that match the filters, at
         *     most 1,000 a call (`hasMore` tells there are more), oldest first: each as `retryFlowRun` queues
         *     one (the same run, `QUEUED` with its end cleared, `strategy` saying from where), with its
         *     `flow_run.retried` event. Runs not in a final status are left as they are, and so is, under `ON_LATEST_VERSION`, a
         *     run whose flow is no longer published; a run named twice is retried once.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. Another
         *     project, or one a key is not limited to, is a 404.
         */
        post: operations["retryFlowRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-runs/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive runs
         * @description Archives the `PRODUCTION` runs of a project that match the filters, at most 1,000 a call (`hasMore` tells
         *     there are more), oldest first: each gets its `archivedAt` and its `flow_run.archived` event.
         *     An archived run leaves `listFlowRuns` (unless `includeArchived`), and `getFlowRun` still answers
         *     it; archiving changes nothing else of the run. Runs already archived are left out.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. Another
         *     project, or one a key is not limited to, is a 404.
         */
        post: operations["archiveFlowRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{flowId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call a flow's webhook (GET)
         * @description Queues a run of an enabled flow whose published trigger is the reference product's catch
         *     webhook (`@activepieces/piece-webhook`, `catch_webhook`), at the reference's URL: the request
         *     becomes the run's `payload`, `{method, headers, queryParams, body}` (header names in lower
         *     case, each query parameter once or with every value in order when repeated; any query
         *     parameter is taken), and the run is tagged `webhook`. Answered at once with `200 {}` and the
         *     run's id in `X-Flow-Run-Id` (and the reference's `X-Webhook-Id`); an engine runs it
         *     (`leaseFlowRuns`). An unknown id, a disabled flow, one never published and one with another
         *     trigger are the same `404`.
         *
         *     The trigger's authentication (`authType` of its input) is enforced: `basic` needs
         *     `Authorization: Basic` with the user and password of `authFields`, `header` the header
         *     `authFields.headerName` with the value `authFields.headerValue`; otherwise a `401` and no run.
         *     Each flow has its own budget of `WEBHOOK_RATE_LIMIT_PER_MINUTE` requests a minute (600 by
         *     default), whoever sends them: a `429` beyond it.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        get: operations["callFlowWebhookGet"];
        /**
         * Call a flow's webhook (PUT)
         * @description Queues a run of an enabled flow whose published trigger is the reference product's catch
         *     webhook (`@activepieces/piece-webhook`, `catch_webhook`), at the reference's URL: the request
         *     becomes the run's `payload`, `{method, headers, queryParams, body}` (header names in lower
         *     case, each query parameter once or with every value in order when repeated; any query
         *     parameter is taken), and the run is tagged `webhook`. Answered at once with `200 {}` and the
         *     run's id in `X-Flow-Run-Id` (and the reference's `X-Webhook-Id`); an engine runs it
         *     (`leaseFlowRuns`). An unknown id, a disabled flow, one never published and one with another
         *     trigger are the same `404`.
         *
         *     The trigger's authentication (`authType` of its input) is enforced: `basic` needs
         *     `Authorization: Basic` with the user and password of `authFields`, `header` the header
         *     `authFields.headerName` with the value `authFields.headerValue`; otherwise a `401` and no run.
         *     Each flow has its own budget of `WEBHOOK_RATE_LIMIT_PER_MINUTE` requests a minute (600 by
         *     default), whoever sends them: a `429` beyond it.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        put: operations["callFlowWebhookPut"];
        /**
         * Call a flow's webhook (POST)
         * @description Queues a run of an enabled flow whose published trigger is the reference product's catch
         *     webhook (`@activepieces/piece-webhook`, `catch_webhook`), at the reference's URL: the request
         *     becomes the run's `payload`, `{method, headers, queryParams, body}` (header names in lower
         *     case, each query parameter once or with every value in order when repeated; any query
         *     parameter is taken), and the run is tagged `webhook`. Answered at once with `200 {}` and the
         *     run's id in `X-Flow-Run-Id` (and the reference's `X-Webhook-Id`); an engine runs it
         *     (`leaseFlowRuns`). An unknown id, a disabled flow, one never published and one with another
         *     trigger are the same `404`.
         *
         *     The trigger's authentication (`authType` of its input) is enforced: `basic` needs
         *     `Authorization: Basic` with the user and password of `authFields`, `header` the header
         *     `authFields.headerName` with the value `authFields.headerValue`; otherwise a `401` and no run.
         *     Each flow has its own budget of `WEBHOOK_RATE_LIMIT_PER_MINUTE` requests a minute (600 by
         *     default), whoever sends them: a `429` beyond it.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        post: operations["callFlowWebhook"];
        /**
         * Call a flow's webhook (DELETE)
         * @description Queues a run of an enabled flow whose published trigger is the reference product's catch
         *     webhook (`@activepieces/piece-webhook`, `catch_webhook`), at the reference's URL: the request
         *     becomes the run's `payload`, `{method, headers, queryParams, body}` (header names in lower
         *     case, each query parameter once or with every value in order when repeated; any query
         *     parameter is taken), and the run is tagged `webhook`. Answered at once with `200 {}` and the
         *     run's id in `X-Flow-Run-Id` (and the reference's `X-Webhook-Id`); an engine runs it
         *     (`leaseFlowRuns`). An unknown id, a disabled flow, one never published and one with another
         *     trigger are the same `404`.
         *
         *     The trigger's authentication (`authType` of its input) is enforced: `basic` needs
         *     `Authorization: Basic` with the user and password of `authFields`, `header` the header
         *     `authFields.headerName` with the value `authFields.headerValue`; otherwise a `401` and no run.
         *     Each flow has its own budget of `WEBHOOK_RATE_LIMIT_PER_MINUTE` requests a minute (600 by
         *     default), whoever sends them: a `429` beyond it.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        delete: operations["callFlowWebhookDelete"];
        options?: never;
        head?: never;
        /**
         * Call a flow's webhook (PATCH)
         * @description Queues a run of an enabled flow whose published trigger is the reference product's catch
         *     webhook (`@activepieces/piece-webhook`, `catch_webhook`), at the reference's URL: the request
         *     becomes the run's `payload`, `{method, headers, queryParams, body}` (header names in lower
         *     case, each query parameter once or with every value in order when repeated; any query
         *     parameter is taken), and the run is tagged `webhook`. Answered at once with `200 {}` and the
         *     run's id in `X-Flow-Run-Id` (and the reference's `X-Webhook-Id`); an engine runs it
         *     (`leaseFlowRuns`). An unknown id, a disabled flow, one never published and one with another
         *     trigger are the same `404`.
         *
         *     The trigger's authentication (`authType` of its input) is enforced: `basic` needs
         *     `Authorization: Basic` with the user and password of `authFields`, `header` the header
         *     `authFields.headerName` with the value `authFields.headerValue`; otherwise a `401` and no run.
         *     Each flow has its own budget of `WEBHOOK_RATE_LIMIT_PER_MINUTE` requests a minute (600 by
         *     default), whoever sends them: a `429` beyond it.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        patch: operations["callFlowWebhookPatch"];
        trace?: never;
    };
    "/v1/webhooks/{flowId}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call a flow's webhook and wait for its answer (GET)
         * @description Starts a run of the flow as `/v1/webhooks/{flowId}` does, then waits for the run's answer: the
         *     status, headers and body its engine gives with `updateFlowRun`'s `response` (the reference
         *     product's Return Response step), answered as they are. A run that ends `SUCCEEDED` without an
         *     answer is a `204`; one that ends in a failed status without one a `502 WEBHOOK_NO_ANSWER`; no
         *     answer within `WEBHOOK_SYNC_TIMEOUT_SECONDS` (30 s) a `408 WEBHOOK_TIMEOUT`, and the run goes
         *     on. Every answer carries the run's id in `X-Flow-Run-Id`.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        get: operations["callFlowWebhookSyncGet"];
        /**
         * Call a flow's webhook and wait for its answer (PUT)
         * @description Starts a run of the flow as `/v1/webhooks/{flowId}` does, then waits for the run's answer: the
         *     status, headers and body its engine gives with `updateFlowRun`'s `response` (the reference
         *     product's Return Response step), answered as they are. A run that ends `SUCCEEDED` without an
         *     answer is a `204`; one that ends in a failed status without one a `502 WEBHOOK_NO_ANSWER`; no
         *     answer within `WEBHOOK_SYNC_TIMEOUT_SECONDS` (30 s) a `408 WEBHOOK_TIMEOUT`, and the run goes
         *     on. Every answer carries the run's id in `X-Flow-Run-Id`.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        put: operations["callFlowWebhookSyncPut"];
        /**
         * Call a flow's webhook and wait for its answer (POST)
         * @description Starts a run of the flow as `/v1/webhooks/{flowId}` does, then waits for the run's answer: the
         *     status, headers and body its engine gives with `updateFlowRun`'s `response` (the reference
         *     product's Return Response step), answered as they are. A run that ends `SUCCEEDED` without an
         *     answer is a `204`; one that ends in a failed status without one a `502 WEBHOOK_NO_ANSWER`; no
         *     answer within `WEBHOOK_SYNC_TIMEOUT_SECONDS` (30 s) a `408 WEBHOOK_TIMEOUT`, and the run goes
         *     on. Every answer carries the run's id in `X-Flow-Run-Id`.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        post: operations["callFlowWebhookSync"];
        /**
         * Call a flow's webhook and wait for its answer (DELETE)
         * @description Starts a run of the flow as `/v1/webhooks/{flowId}` does, then waits for the run's answer: the
         *     status, headers and body its engine gives with `updateFlowRun`'s `response` (the reference
         *     product's Return Response step), answered as they are. A run that ends `SUCCEEDED` without an
         *     answer is a `204`; one that ends in a failed status without one a `502 WEBHOOK_NO_ANSWER`; no
         *     answer within `WEBHOOK_SYNC_TIMEOUT_SECONDS` (30 s) a `408 WEBHOOK_TIMEOUT`, and the run goes
         *     on. Every answer carries the run's id in `X-Flow-Run-Id`.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        delete: operations["callFlowWebhookSyncDelete"];
        options?: never;
        head?: never;
        /**
         * Call a flow's webhook and wait for its answer (PATCH)
         * @description Starts a run of the flow as `/v1/webhooks/{flowId}` does, then waits for the run's answer: the
         *     status, headers and body its engine gives with `updateFlowRun`'s `response` (the reference
         *     product's Return Response step), answered as they are. A run that ends `SUCCEEDED` without an
         *     answer is a `204`; one that ends in a failed status without one a `502 WEBHOOK_NO_ANSWER`; no
         *     answer within `WEBHOOK_SYNC_TIMEOUT_SECONDS` (30 s) a `408 WEBHOOK_TIMEOUT`, and the run goes
         *     on. Every answer carries the run's id in `X-Flow-Run-Id`.
         *
         *     **Permission:** none: the URL is the flow's, and the trigger's own authentication applies.
         */
        patch: operations["callFlowWebhookSyncPatch"];
        trace?: never;
    };
    "/v1/app-connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List app connections
         * @description Lists the app connections a project can use, oldest first (by `created`, then `id`). Secret
         *     values are never returned. Filters combine with AND.
         *     A page may hold fewer than `limit` items when they are large (about 1 MiB of text per page, see Pagination): follow `next` until it is `null`.
         *
         *     **Permission:** any key: `ENGINE` (which executes flows), `VIEWER`, `EDITOR` or `ADMIN`. An
         *     engine finds the connection a step names (`{{connections['slack-sales']}}` names its
         *     `externalId`) in this list (`pieceName` narrows it), then reads its value by id with
         *     `getAppConnectionValue`. The list never carries values. A key limited
         *     to projects lists its projects' connections only: another project is a 404.
         */
        get: operations["listAppConnections"];
        put?: never;
        /**
         * Store an app connection (upsert)
         * @description Stores the credential of an external app for a project, as Activepieces' `POST /v1/app-connections`:
         *     the project's connection with this `externalId` is replaced (`200`: its name, piece, type, value
         *     and, when given, metadata; its id, scope, owner and projects stay) or, when it has none, made
         *     (`201`: a `PROJECT` connection of `projectId`, `ACTIVE`, owned by the key's user). The answer never
         *     carries the value: it is sealed at rest, and only an `ENGINE` key reads it back
         *     (`getAppConnectionValue`). Sends `app_connection.created` or `app_connection.updated`, without
         *     the value.
         *
         *     `value` is a `oneOf` on its own `type`, which must be the body's `type` (else a `400` naming
         *     `/value/type`); a value of another shape is a `400` naming its fields. `OAUTH2` is given as tokens
         *     already obtained (`access_token`): an authorization `code`, and so every `CLOUD_OAUTH2` and
         *     `PLATFORM_OAUTH2` body, is a `400` naming `/value/code`, as this service does not exchange codes
         *     with providers. `metadata` and `value` at most 64 KiB each as JSON. A project of another
         *     platform, or unknown, is a 404.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A key limited to
         *     projects stores connections of its projects only: another project is a 404; replacing a connection
         *     also linked to projects the key is not limited to (a `PLATFORM` connection) is a 403.
         */
        post: operations["upsertAppConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/app-connections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an app connection
         * @description Returns a connection as `listAppConnections` lists it, never its value. An unknown connection,
         *     or one of another platform, is a 404.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. An engine reads values
         *     with `getAppConnectionValue`. A key limited to projects reaches the connections of its projects only
         *     (another is a 404), and sees only its projects in `projectIds`.
         */
        get: operations["getAppConnection"];
        put?: never;
        /**
         * Rename an app connection
         * @description Changes a connection's `displayName` and, when given, its `metadata` (Activepieces'
         *     `UpdateConnectionValueRequestBody`); its value is changed by `upsertAppConnection` only. Sends
         *     `app_connection.updated`; nothing changed (the same name, no metadata or the same) sends nothing.
         *     An unknown connection is a 404.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A key limited to
         *     projects reaches the connections of its projects only (another is a 404); a connection also linked to
         *     projects the key is not limited to (a `PLATFORM` connection) is a 403.
         */
        post: operations["updateAppConnection"];
        /**
         * Delete an app connection
         * @description Deletes a connection and its value and answers `204` without a body; sends
         *     `app_connection.deleted` with the connection as it was. Flow versions that name it keep its
         *     `externalId` in `connectionIds`: the project's draft versions that name it are no longer `valid`
         *     (nor are the steps that use it) until the draft changes; published
         *     (`LOCKED`) versions never change: `getAppConnectionValue` answers a 404 for it, and
         *     `listAppConnections` no longer lists it (see DECISIONS.md). An unknown connection is a 404: so is a
         *     second delete of the same connection.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A key limited to
         *     projects reaches the connections of its projects only (another is a 404); a connection also linked to
         *     projects the key is not limited to (a `PLATFORM` connection) is a 403.
         */
        delete: operations["deleteAppConnection"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/app-connections/{id}/value": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an app connection's value (engines)
         * @description Returns a connection with its credential, for an engine about to run a flow that uses it (the
         *     published version, from `getFlow`, names its connections by `externalId` in `connectionIds`).
         *     This is the one operation that returns a value: every read is logged with the API key's id and
         *     counted in the service's metrics (`app_connection_value_reads_total`). A deleted, unknown or
         *     other platform's connection is a 404. Addressed by `id`, not by Activepieces' worker route
         *     shape (`externalId` and `projectId`; see DECISIONS.md).
         *
         *     **Permission:** an `ENGINE` key only; every other key, `ADMIN` included, is a 403. A key limited
         *     to projects reaches the connections of its projects only: another is a 404.
         */
        get: operations["getAppConnectionValue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects
         * @description Lists the projects of your platform ordered by `type`, then `displayName`, then `id`
         *     (ascending). 50 per page unless `limit` says otherwise. Filters combine with AND.
         *     A page may hold fewer than `limit` items when they are large (about 1 MiB of text per page, see Pagination): follow `next` until it is `null`.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. A key limited to projects lists those
         *     projects only.
         */
        get: operations["listProjects"];
        put?: never;
        /**
         * Create a project
         * @description Creates a `TEAM` project owned by the platform's admin, with `releasesEnabled: false`, an
         *     icon colour, `maxConcurrentJobs` 100 unless given, and a default plan
         *     (`piecesFilterType: NONE`, no pieces, unlocked). The project's MCP server is created with it.
         *     An `externalId` already used by a project of the platform is a 409.
         *
         *     **Permission:** a platform-wide `EDITOR` or `ADMIN` key; a `VIEWER` key, or a key limited to
         *     projects, is a 403.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a project
         * @description Returns one project of the platform with its plan and live counts, as `listProjects` shows it.
         *     An unknown project, or one of another platform, is a 404.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. A project a key is
         *     not limited to is a 404.
         */
        get: operations["getProject"];
        put?: never;
        /**
         * Update a project
         * @description Changes only the fields sent; `{}` changes nothing (not even `updated`) and returns the project. `plan.pieces` replaces the whole list, and
         *     `metadata` the whole object. An `externalId` already used by another project of the
         *     platform is a 409; an unknown project is a 404.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A project a key is not
         *     limited to is a 404.
         */
        post: operations["updateProject"];
        /**
         * Delete a project
         * @description Deletes a project and answers `204` without a body. In one transaction, with it go its flows
         *     (with their versions and runs), its folders, its plan, and its MCP server with its tools; its app
         *     connections go too, except those also linked to another project, which stay theirs (only the
         *     link to this project goes). API keys and webhook endpoints limited to it lose it: a key limited
         *     to this project only is revoked (`api_key.revoked`), an endpoint limited to it only keeps
         *     `projectIds: []` and receives nothing more until it is changed. Sends `project.deleted` with the
         *     project as it was, to the endpoints that wanted the project's events (those limited to it too).
         *     Nothing is deleted when the request fails. From the commit on, no request finds the project or
         *     anything of it; the rows of its flows, versions, runs, folders and plan are then purged in short
         *     transactions in the background, so that deleting a large project holds no other request up. The
         *     platform's last project is refused with a `409
         *     PROJECT_IS_LAST_OF_PLATFORM`. An unknown project is a 404: so is a second delete of the same
         *     project.
         *
         *     **Permission:** an `ADMIN` key (which is platform-wide): deleting a project deletes what every
         *     key limited to it could reach.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Lists the users of your platform, newest first (by `created`, then `id`).
         *     A page may hold fewer than `limit` items when they are large (about 1 MiB of text per page, see Pagination): follow `next` until it is `null`.
         *
         *     **Permission:** a platform-wide key (`VIEWER`, `EDITOR` or `ADMIN`); a key limited to projects
         *     is a 403.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Provision a user
         * @description Adds a user to your platform, `ACTIVE`, as an identity provider's sync (SCIM) would, and sends
         *     `user.created`. `email` is unique within the platform ignoring case: an email another user
         *     has (`Ada@Example.com` and `ada@example.com` are one) is a `409 USER_EMAIL_ALREADY_EXISTS`
         *     whose `params.userId` is that user, so a sync that lost an answer finds the user it made. An
         *     `externalId` another user has is a `409 USER_EXTERNAL_ID_ALREADY_EXISTS`; without one, the
         *     user gets a new id of the form of the record ids. Nothing is made on a 409.
         *
         *     **Permission:** an `ADMIN` key (always platform-wide); any other key is a 403.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update a user
         * @description Changes only the fields sent (`status`, `platformRole`, `externalId`, `firstName`,
         *     `lastName`) and sends `user.updated`; `{}`, or values equal to the stored ones, change
         *     nothing (not even `updated`) and send no event. An `externalId` another user of the platform
         *     has is a `409 USER_EXTERNAL_ID_ALREADY_EXISTS`. Demoting or deactivating the platform's last
         *     `ACTIVE` `ADMIN` is a `409 LAST_ACTIVE_ADMIN`, and so is deactivating a user API keys act as
         *     (`params.apiKeyIds`; revoke them first): an `INACTIVE` user owns nothing new. Nothing changes
         *     on a 409. An unknown user is a 404.
         *
         *     **Permission:** an `ADMIN` key (always platform-wide); any other key is a 403.
         */
        post: operations["updateUser"];
        /**
         * Delete a user
         * @description Deletes a user of your platform and answers `204` without a body; sends `user.deleted` with
         *     the user as it was. A user who still owns records is refused with a `409 USER_OWNS_RECORDS`
         *     naming them (`params.appConnectionIds`, `params.projectIds`, `params.apiKeyIds`: the first
         *     ten ids of each, with their counts): move or delete those first. The flow versions the user last
         *     changed (`updatedBy`) do not count, and keep the id. The platform's last `ACTIVE` `ADMIN` is
         *     a `409 LAST_ACTIVE_ADMIN`. Nothing changes on a 409. An unknown user is a 404: so is a second
         *     delete of the same user.
         *
         *     **Permission:** an `ADMIN` key (always platform-wide); any other key is a 403.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List flow templates
         * @description Lists the flow templates of your platform, newest first (by `created`, then `id`). Filters
         *     combine with AND.
         *     A page may hold fewer than `limit` items when they are large (about 1 MiB of text per page, see Pagination): follow `next` until it is `null`.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. Templates are the
         *     platform's, offered to every project: a key limited to projects lists them all too.
         */
        get: operations["listFlowTemplates"];
        put?: never;
        /**
         * Create or replace a flow template
         * @description Stores a flow template of your platform and returns it. Without `id`, or with an `id` no
         *     template of your platform has, a template is created (under that id when given); with the `id`
         *     of an existing template of your platform, that template is replaced as a whole (fields left out
         *     take their defaults: `type` `PLATFORM`, `tags` empty, `blogUrl` empty, `metadata` empty).
         *     Answers 200 in both cases. Ids are your platform's own: another platform may keep a template
         *     under the same id, and neither can see, replace or detect the other's.
         *
         *     **Permission:** a platform-wide `EDITOR` or `ADMIN` key; a `VIEWER` key, or a key limited to
         *     projects, is a 403.
         */
        post: operations["createFlowTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flow-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a flow template
         * @description Returns a flow template of your platform, every field as `createFlowTemplate` stored it. An
         *     unknown id, or one only another platform has, is a 404.
         *
         *     **Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403. Templates are the
         *     platform's: a key limited to projects reads them too.
         */
        get: operations["getFlowTemplate"];
        put?: never;
        post?: never;
        /**
         * Delete a flow template
         * @description Deletes a flow template of your platform and answers `204` without a body. Flows made from it
         *     are not changed (a template is copied, never linked). Sends `flow_template.deleted` with the
         *     template as it was. An unknown template is a 404: so is a second delete of the same template.
         *
         *     **Permission:** a platform-wide `EDITOR` or `ADMIN` key; a `VIEWER` key, or a key limited to
         *     projects, is a 403.
         */
        delete: operations["deleteFlowTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp-servers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List MCP servers
         * @description Lists the MCP servers of a project (one per project), newest first (by `created`, then `id`), with their tools and tokens.
         *     A page may hold fewer than `limit` items when they are large (about 1 MiB of text per page, see Pagination): follow `next` until it is `null`.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. The answer carries each
         *     server's token, which runs its tools: a read-only key does not get it. A key limited to
         *     projects lists its projects' servers only: another project is a 404.
         */
        get: operations["listMcpServers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp-servers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update an MCP server
         * @description Renames the server and/or replaces its whole tool set (tools left out are removed). A new tool
         *     for the same piece, or the same flow, as an existing tool keeps that tool's `id` and
         *     `created`. A `FLOW` tool must name a flow of the server's project (else 404); two tools for
         *     the same piece or the same flow, or an `mcpId` other than this server's, are a 400.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A server of a project a key
         *     is not limited to is a 404.
         */
        post: operations["updateMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp-servers/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the MCP token
         * @description Gives the server a new random token (40 characters of `0-9A-Za-z`) and returns the server
         *     with it. The old token stops working at once. Takes no body.
         *
         *     **Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403. A server of a project a key
         *     is not limited to is a 404.
         */
        post: operations["rotateMcpServerToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mcp-servers/{id}/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speak MCP with the project's server
         * @description The project's MCP server, served over the [Model Context Protocol](https://modelcontextprotocol.io/specification/2025-06-18)'s
         *     [Streamable HTTP transport](https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#streamable-http),
         *     stateless: each POST carries one JSON-RPC message and gets its answer as JSON
         *     (`application/json`; the client's `Accept` must list both `application/json` and
         *     `text/event-stream`, as the transport requires, else a `406`), or `202` with no body for a
         *     notification. No `Mcp-Session-Id` is given or needed, so any instance behind a load balancer
         *     answers any request. `GET` and `DELETE` of this path answer `405`: the server opens no stream
         *     and keeps no session. Protocol versions `2024-10-07` to
         *     `2025-11-25` are accepted (`MCP-Protocol-Version`).
         *
         *     Its methods: `initialize`, `ping`, `tools/list`, `tools/call`; `prompts/list` and
         *     `resources/list` answer empty lists. `tools/list` offers the server's tools
         *     (`updateMcpServer`), read at each request, so a change shows at once:
         *     - a `FLOW` tool when its flow is `ENABLED` and its published version's trigger is the
         *       reference product's MCP trigger (`@activepieces/piece-mcp`, `mcp_tool`): named after the
         *       trigger's `toolName` (characters outside `a-zA-Z0-9_-` become `_`, at most 64, a suffix
         *       `_2`, `_3`… when two tools would share a name), described by its `toolDescription`, with an
         *       input JSON Schema built from its `inputSchema` parameters (`TEXT` and `DATE` strings,
         *       `NUMBER`, `BOOLEAN`, `ARRAY`, `OBJECT`; `required` ones required);
         *     - a `PIECE` tool offers each of its `actionNames`, named `<piece>_<action>`.
         *
         *     `tools/call` of a `FLOW` tool checks the arguments against the tool's input schema (a
         *     JSON-RPC error `-32602` naming the argument, and no run), then queues a run of the flow's
         *     published version with the arguments as its `payload`, tagged `mcp` (`listFlowRuns`,
         *     `flow_run.queued`). When the trigger's `returnsResponse` is on, the call waits for the run's
         *     answer (`updateFlowRun` `response`: its `body` becomes the result's `content` and
         *     `structuredContent`), or its end (a failed run is `isError` with the failed step's message),
         *     up to `MCP_TOOL_CALL_TIMEOUT_SECONDS` (300 by default); past it, or when the trigger does not
         *     wait, the result holds the run's id (`structuredContent.flowRunId`) and the run goes on.
         *     `tools/call` of a `PIECE` tool's action (since 1.11.0) is a one-action job: arguments larger
         *     than a run's payload, or a tool whose connection was deleted, are `-32602` with nothing queued;
         *     else a run tagged `mcp` of the project's `mcp-piece-tools` flow is queued, which only an engine
         *     leasing with `jobTypes` naming `PIECE` takes (its lease's `pieceJob`). The call waits, up to
         *     the same timeout, for the engine's end of it: its `response` as the result, as above, or
         *     `isError` with the failed step's message; past it, the run's id.
         *
         *     **Authentication:** the MCP server's own token (`token` of `getMcpServer`), as
         *     `Authorization: Bearer <token>`, or the `token` query parameter for clients that cannot send
         *     headers. No API key opens this endpoint, and the token opens nothing else. A missing or wrong
         *     token, or an unknown server, is the same `401`. A rotated token
         *     (`rotateMcpServerToken`) is refused at once by every instance. Each token has the API's
         *     budget of requests a minute (`RATE_LIMIT_PER_MINUTE`). Every answer of this path is JSON-RPC,
         *     errors included.
         */
        post: operations["callMcpServer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Lists the API keys of your platform, newest first (by `created`, then `id`), without their
         *     secrets: `lastFour` tells them apart, `lastUsedAt` says which are still in use (recorded at
         *     most once a minute per key). Expired keys are listed until they are revoked; revoked keys are
         *     gone.
         *
         *     **Permission:** an `ADMIN` key.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Creates an API key of your platform with a `role` (`ADMIN`, `EDITOR`, `VIEWER` or `ENGINE`),
         *     limited to `projectIds` when given (`EDITOR`, `VIEWER` and `ENGINE` keys; an `ADMIN` key is
         *     always platform-wide) and expiring at `expiresAt` when given. The answer carries the secret
         *     `key` this once: only its digest is stored, so it can never be shown again (a lost key is
         *     revoked and replaced). The key works at once, on every instance.
         *
         *     **A key never makes a key that outlives it or may do more than it may.** When the key making
         *     the request expires, `expiresAt` is required and may be no later than that key's own expiry
         *     (else a 400 naming `/expiresAt`): a key about to expire cannot mint a successor that does not.
         *     The new key's `role` may call only operations the making key may call (else a 400 naming
         *     `/role`; an `ADMIN` key makes keys of every role, `ENGINE` included, although only `ENGINE`
         *     keys read app connection values: an engine reads them with a key of its own, each read logged), and a making key limited to projects may only make keys limited to some of its own
         *     projects (else a 400 naming `/projectIds`). The command line, which acts as the platform's
         *     admin, has no such bounds.
         *
         *     An unknown role, an `ADMIN` key with `projectIds`, a project that is not one of your platform's
         *     and an `expiresAt` that is not in the future are a 400, and no key is made. Takes no
         *     `Idempotency-Key`: a replayed answer would have to keep the secret; retry a create that failed
         *     without an answer by listing the keys and revoking any it made.
         *
         *     **Permission:** an `ADMIN` key.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revokes an API key of your platform and returns it as it was. The key is refused
         *     (`401 AUTHENTICATION`) at once by the instance that answers, and by every other instance
         *     within a second. Revoking cannot be undone: make a new key instead. An unknown key, or one
         *     already revoked, is a 404. Revoking the last `ADMIN` key is allowed (a leaked key must be
         *     revocable); the command line (`create-api-key`) makes a new one.
         *
         *     **Permission:** an `ADMIN` key; any key may revoke itself (a key that leaked can be
         *     revoked by whoever holds it).
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Lists the webhook endpoints of your platform, newest first, 10 per page unless `limit` says
         *     otherwise. Secrets are never listed.
         *
         *     **Permission:** an `ADMIN` key: an endpoint receives every event of the platform it asks for.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL that receives the platform's events (every event type of every project unless
         *     `eventTypes` or `projectIds` narrow it) as signed JSON `POST` requests, from the next change on.
         *     The answer carries the signing secret (`whsec_…`) once: keep it to verify the
         *     `webhook-signature` header with a Standard Webhooks library.
         *
         *     The URL must be `https`, carry no user name or password, and its host must resolve to public
         *     addresses only: loopback, private, link-local, carrier-grade NAT, cloud-metadata and reserved
         *     addresses are a `400` (and are checked again when each delivery connects). An unknown
         *     `eventTypes` value is a `400`; a project in `projectIds` that is not yours is a `404`.
         *
         *     A platform may have at most 20 endpoints unless its operator set another limit
         *     (`WEBHOOK_ENDPOINTS_PER_PLATFORM`), disabled ones included: one more is a
         *     `409 WEBHOOK_ENDPOINT_LIMIT_REACHED` whose `params.limit` says the limit. Delete an endpoint to
         *     make room.
         *
         *     **Permission:** an `ADMIN` key: an endpoint receives every event of the platform it asks for.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One webhook endpoint of your platform, without its secret. An unknown endpoint is a 404.
         *
         *     **Permission:** an `ADMIN` key: an endpoint receives every event of the platform it asks for.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        /**
         * Update a webhook endpoint
         * @description Changes only the fields sent; `{}` changes nothing and returns the endpoint. `enabled: false`
         *     stops sending events; `enabled: true` sends them again (an endpoint disabled because it kept
         *     failing is enabled the same way), its pending deliveries first. `eventTypes: null` and
         *     `projectIds: null` widen the endpoint to every event type and every project. A new `url` is
         *     checked as on create (`400`). An unknown endpoint, or a project that is not yours, is a `404`.
         *
         *     **Permission:** an `ADMIN` key: an endpoint receives every event of the platform it asks for.
         */
        post: operations["updateWebhookEndpoint"];
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint with its deliveries: nothing more is sent to it, not even the deliveries
         *     still pending. Answers the endpoint as it was. An unknown endpoint is a 404.
         *
         *     **Permission:** an `ADMIN` key: an endpoint receives every event of the platform it asks for.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's secret
         * @description Gives the endpoint a new signing secret and answers it (shown this once). For 24 hours the
         *     previous secret keeps signing beside the new one (`webhook-signature` then carries two
         *     signatures, `v1,<new> v1,<previous>`), so receivers can switch without missing a delivery;
         *     `previousSecretExpiresAt` says until when. Rotating again within those 24 hours drops the
         *     oldest secret at once. Takes no body. An unknown endpoint is a 404.
         *
         *     **Permission:** an `ADMIN` key: an endpoint receives every event of the platform it asks for.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a `webhook_endpoint.test` event (its `data` is the endpoint) for this endpoint alone,
         *     whatever its `eventTypes` and `projectIds`; it is signed, delivered and retried like any
         *     other, and its delivery is answered at once (`PENDING`): follow it with
         *     `listWebhookDeliveries`. On a disabled endpoint it waits until the endpoint is enabled.
         *     Takes no body. An unknown endpoint is a 404.
         *
         *     **Permission:** an `ADMIN` key: an endpoint receives every event of the platform it asks for.
         */
        post: operations["sendWebhookTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description The events sent (or being sent) to this endpoint, newest first, each with its latest attempts:
         *     when, the status code answered, how long it took and why it failed. 10 per page unless
         *     `limit` says otherwise. An unknown endpoint is a 404.
         *
         *     **Permission:** an `ADMIN` key: an endpoint receives every event of the platform it asks for.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a delivery
         * @description Sends the delivery's event again, now, with the same `webhook-id` (receivers that already
         *     processed it can recognise it): the delivery becomes `PENDING`, due at once, whatever its
         *     status was; should this attempt fail, it is retried on the usual schedule. On a disabled
         *     endpoint it waits until the endpoint is enabled. Takes no body. An unknown endpoint, or a
         *     delivery that is not this endpoint's, is a 404.
         *
         *     **Permission:** an `ADMIN` key: an endpoint receives every event of the platform it asks for.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers 200 while the process is up. Needs no API key; does not touch the store.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description Answers 200 when the store answers a query, else 503. Needs no API key.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "project.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A project was created
         * @description Sent after `createProject` made a project (its MCP server is made with it, without an event of its own).
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProjectEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "project.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A project was changed
         * @description Sent after `updateProject` changed a project; an update with `{}` changes nothing and sends nothing.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProjectEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "project.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A project was deleted
         * @description Sent after `deleteProject` deleted a project, with the project as it was just before. Endpoints limited
         *     to that project receive it too (it is the last event of the project they get); nothing is sent for
         *     the flows, folders and connections that went with it.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ProjectDeletedEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flow was created
         * @description Sent after `createFlow` made a flow.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flow was changed
         * @description Sent after every successful `updateFlow` operation, with its `type` in `operationType` (also when it changed nothing, such as `CHANGE_STATUS` to the status the flow has).
         *
         *     Delivered to the endpoints whose `eventTypes` name it or are `null` (every event type), as a JSON `POST` with the Standard Webhooks headers
         *     `webhook-id` (the same on every retry: deduplicate by it), `webhook-timestamp` and
         *     `webhook-signature`; answer any `2xx` within 15 seconds. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowChangeEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flow version was published
         * @description Sent after `LOCK_AND_PUBLISH` made a version the flow's published one (with `flow.updated`).
         *
         *     Delivered to the endpoints whose `eventTypes` name it or are `null` (every event type), as a JSON `POST` with the Standard Webhooks headers
         *     `webhook-id` (the same on every retry: deduplicate by it), `webhook-timestamp` and
         *     `webhook-signature`; answer any `2xx` within 15 seconds. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowChangeEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flow was enabled
         * @description Sent when `CHANGE_STATUS` or `LOCK_AND_PUBLISH` took a flow from `DISABLED` to `ENABLED` (with `flow.updated`).
         *
         *     Delivered to the endpoints whose `eventTypes` name it or are `null` (every event type), as a JSON `POST` with the Standard Webhooks headers
         *     `webhook-id` (the same on every retry: deduplicate by it), `webhook-timestamp` and
         *     `webhook-signature`; answer any `2xx` within 15 seconds. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowChangeEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flow was disabled
         * @description Sent when `CHANGE_STATUS` or `LOCK_AND_PUBLISH` took a flow from `ENABLED` to `DISABLED` (with `flow.updated`).
         *
         *     Delivered to the endpoints whose `eventTypes` name it or are `null` (every event type), as a JSON `POST` with the Standard Webhooks headers
         *     `webhook-id` (the same on every retry: deduplicate by it), `webhook-timestamp` and
         *     `webhook-signature`; answer any `2xx` within 15 seconds. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowChangeEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flow was deleted
         * @description Sent after `deleteFlow` deleted a flow, with the flow as it was just before (its latest version). Its versions and runs are gone with it; each MCP server that offered it as a tool sent `mcp_server.updated` first.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowDeletedEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "folder.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A folder was created
         * @description Sent after `createFolder` made a folder, and after `createFlow` made one for its `folderName`
         *     (before that flow's `flow.created`, the folder still empty).
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FolderEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "folder.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A folder was renamed
         * @description Sent after `updateFolder` renamed a folder (a rename to the same name sends none).
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FolderEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "folder.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A folder was deleted
         * @description Sent after `deleteFolder` deleted a folder, with the folder as it was just before; its flows are then in no folder.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FolderEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "app_connection.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An app connection was made
         * @description Sent after `upsertAppConnection` made a connection (its `201`), with the connection as it answered it, never its value. It belongs to its project when it has one (a `PROJECT` connection), to the platform otherwise.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AppConnectionEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "app_connection.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An app connection was replaced or renamed
         * @description Sent after `upsertAppConnection` replaced a connection (its `200`) or `updateAppConnection` renamed it, with the connection as it answered it, never its value. It belongs to its project when it has one (a `PROJECT` connection), to the platform otherwise.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AppConnectionEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "app_connection.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An app connection was deleted
         * @description Sent after `deleteAppConnection` deleted a connection, with the connection as it was just before, never its value. It belongs to its project when it has one (a `PROJECT` connection), to the platform otherwise.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AppConnectionEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_template.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flow template was created
         * @description Sent after `createFlowTemplate` stored a new template. It belongs to no project: endpoints limited to projects do not get it.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowTemplateEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_template.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flow template was replaced
         * @description Sent after `createFlowTemplate` replaced the template of an existing id. It belongs to no project: endpoints limited to projects do not get it.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowTemplateEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_template.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A flow template was deleted
         * @description Sent after `deleteFlowTemplate` deleted a template, with the template as it was just before.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowTemplateDeletedEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A user was provisioned
         * @description Sent after `createUser` added a user to the platform, with the user as it answered it.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UserEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A user was changed
         * @description Sent after `updateUser` changed a user (its status, role, external id or names), with the user as it answered it.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UserEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "user.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A user was deleted
         * @description Sent after `deleteUser` deleted a user, with the user as it was just before.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UserEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "mcp_server.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An MCP server was changed
         * @description Sent after `updateMcpServer` changed a server, and after `deleteFlow` removed the tool of a
         *     deleted flow from it. The token is never sent.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["McpServerEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "mcp_server.token_rotated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An MCP server's token was rotated
         * @description Sent after `rotateMcpServerToken`. The new token is never sent: read it from the answer of the rotation.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["McpServerEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.queued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run was queued
         * @description Sent when a new run is queued for an engine: by `queueFlowRun`, by a call of a flow's webhook (`callFlowWebhook`), by an MCP client's tool call (`callMcpServer`), or when a flow's schedule fires. Recorded in the same transaction as the run. A retried run sends `flow_run.retried` instead.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunQueueEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.leased": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run was leased
         * @description Sent each time a run is handed to an engine by `leaseFlowRuns` (the run is then `RUNNING`; a run whose lease expired sends it again when the next engine leases it). Recorded in the same transaction as the lease.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunQueueEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.retried": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run was retried
         * @description Sent when a run in a final status is queued again by `retryFlowRun` or `retryFlowRuns` (the run is then `QUEUED`). Recorded in the same transaction as the run's new status.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunQueueEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.cancel_requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A running run was asked to stop
         * @description Sent when `cancelFlowRuns` marks a `RUNNING` run an engine holds: its engine is told on its next heartbeat, and the run ends (with its `flow_run.canceled` event) when the engine ends it. Recorded in the same transaction as the mark; a run already marked sends none again.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunQueueEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run was archived
         * @description Sent when `archiveFlowRuns` archives a run (the run then has its `archivedAt`). Recorded in the same transaction as the archiving; a run is archived once.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunQueueEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run succeeded
         * @description Sent once when a run reaches `SUCCEEDED`. Recorded by `updateFlowRun`, in the same transaction as the run's new status; a final status is final, so each run sends one such event.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run failed
         * @description Sent once when a run reaches `FAILED`. Recorded by `updateFlowRun`, in the same transaction as the run's new status; a final status is final, so each run sends one such event.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.timed_out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run timed out
         * @description Sent once when a run reaches `TIMEOUT`. Recorded by `updateFlowRun`, in the same transaction as the run's new status; a final status is final, so each run sends one such event.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.quota_exceeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run exceeded its quota
         * @description Sent once when a run reaches `QUOTA_EXCEEDED`. Recorded by `updateFlowRun`, in the same transaction as the run's new status; a final status is final, so each run sends one such event.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.internal_error": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run ended on an internal error
         * @description Sent once when a run reaches `INTERNAL_ERROR`. Recorded by `updateFlowRun`, in the same transaction as the run's new status; a final status is final, so each run sends one such event.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.memory_limit_exceeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run exceeded its memory limit
         * @description Sent once when a run reaches `MEMORY_LIMIT_EXCEEDED`. Recorded by `updateFlowRun`, in the same transaction as the run's new status; a final status is final, so each run sends one such event.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow_run.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run was canceled
         * @description Sent once when a run reaches `CANCELED`. Recorded by `updateFlowRun`, in the same transaction as the run's new status; a final status is final, so each run sends one such event.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["FlowRunEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "api_key.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An API key was revoked
         * @description Sent after an API key of the platform was revoked (`revokeApiKey`, or the command line's `revoke-api-key`). It belongs to no project: endpoints limited to projects do not get it.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ApiKeyEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event
         * @description Sent to one endpoint by `sendWebhookTestEvent`, whatever the event types it subscribed to.
         *
         *     Delivered as a JSON `POST` to each enabled endpoint that subscribed to it (and, when the
         *     endpoint is limited to projects, whose projects it belongs to), with the Standard Webhooks
         *     headers `webhook-id` (the event's id, the same on every retry: deduplicate by it),
         *     `webhook-timestamp` and `webhook-signature`. Answer any `2xx` within 15 seconds to acknowledge
         *     it; anything else (another status, a redirect, a timeout) is retried with exponential backoff
         *     for about a day. See docs/webhooks.md.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /**
                     * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
                     * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
                     */
                    "webhook-id": components["parameters"]["WebhookIdHeader"];
                    /**
                     * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
                     * @example 1763717400
                     */
                    "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                    /**
                     * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
                     * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                     */
                    "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WebhookTestEvent"];
                };
            };
            responses: {
                /** @description Any `2xx` acknowledges the event; the body is not read. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description Identifier of a record, 21 characters from `0-9A-Za-z`.
         * @example tDVKg7394Qn7RoH23PSVU
         */
        Id: string;
        /**
         * @description Whether the flow's published version runs on its trigger. A new flow is `DISABLED`.
         * @enum {string}
         */
        FlowStatus: "ENABLED" | "DISABLED";
        /**
         * @description `DRAFT` versions can still be edited; `LOCKED` versions are published and immutable.
         * @enum {string}
         */
        FlowVersionState: "LOCKED" | "DRAFT";
        /**
         * Format: date-time
         * @description RFC 3339 timestamp in UTC with milliseconds.
         * @example 2026-11-21T09:33:30.123Z
         */
        Timestamp: string;
        /**
         * EmptyTrigger
         * @description Placeholder trigger of a flow whose trigger has not been chosen yet. A new flow's first version has one.
         */
        EmptyTrigger: {
            /**
             * @description Variant of the trigger: `EMPTY`, no trigger chosen yet. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "EMPTY";
            /**
             * @description Step name of the trigger; always `trigger`.
             * @example trigger
             */
            name: string;
            /** @description Always `false`, as an empty trigger cannot run. */
            valid: boolean;
            /**
             * @description Name of the trigger shown in the builder; `Select Trigger` for a new flow.
             * @example Select Trigger
             */
            displayName: string;
            /** @description When the service last changed the trigger; absent on triggers no `updateFlow` operation wrote. */
            lastUpdatedDate?: string;
            /** @description The first action of the flow and, through it, the chain of actions (any JSON value; in versions written by `updateFlow`, a `FlowAction`). Absent when the flow has no action. */
            nextAction?: unknown;
            /** @description Always empty. */
            settings: Record<string, never>;
        };
        /**
         * SampleData
         * @description Where the trigger's test data is stored.
         */
        SampleData: {
            /** @description File holding the trigger's sample output. */
            sampleDataFileId?: string;
            /** @description File holding the trigger's sample input. */
            sampleDataInputFileId?: string;
            /** @description When the trigger was last tested. */
            lastTestDate?: components["schemas"]["Timestamp"];
        };
        /**
         * FlowLegacyInputUiInfo
         * @deprecated
         * @description The builder's UI state of a step, as the reference product's builders before its 2025 flow format send it (free-form). Dropped from an operation's step, as the reference drops it; kept in the steps below the trigger of an `IMPORT_FLOW`, as the reference keeps them, and then answered as stored.
         */
        FlowLegacyInputUiInfo: {
            [key: string]: unknown;
        };
        /**
         * FlowLegacyPieceType
         * @deprecated
         * @description Whether the piece is an official or a custom one, as the reference product's builders before its 2025 flow format send it. Dropped from an operation's step, as the reference drops it; kept in the steps below the trigger of an `IMPORT_FLOW`, as the reference keeps them.
         * @enum {string}
         */
        FlowLegacyPieceType: "OFFICIAL" | "CUSTOM";
        /**
         * FlowLegacyPackageType
         * @deprecated
         * @description How the piece is packaged, as the reference product's builders before its 2025 flow format send it. Dropped from an operation's step, as the reference drops it; kept in the steps below the trigger of an `IMPORT_FLOW`, as the reference keeps them.
         * @enum {string}
         */
        FlowLegacyPackageType: "REGISTRY" | "ARCHIVE";
        /**
         * PieceTriggerSettings
         * @description Settings of a piece trigger, as returned in flows.
         */
        PieceTriggerSettings: {
            sampleData?: components["schemas"]["SampleData"];
            /** @description Per-input UI settings, keyed by input name. Free-form. */
            propertySettings: {
                [key: string]: unknown;
            };
            /**
             * Format: uri
             * @description Logo shown instead of the piece's own.
             */
            customLogoUrl?: string;
            /**
             * @description Package name of the piece.
             * @example @activepieces/piece-schedule
             */
            pieceName: string;
            /**
             * @description Semver range of the piece.
             * @example ~0.1.5
             */
            pieceVersion: string;
            /**
             * @description Name of the trigger within the piece.
             * @example cron_expression
             */
            triggerName: string;
            /** @description The trigger's input values, keyed by input name. Free-form. */
            input: {
                [key: string]: unknown;
            };
            /** @description Accepted in the trigger of an `IMPORT_FLOW`, as the reference product's older builders send it, and dropped, as the reference drops it: never answered. */
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
            /** @description Accepted in the trigger of an `IMPORT_FLOW`, as the reference product's older builders send it, and dropped, as the reference drops it: never answered. */
            pieceType?: components["schemas"]["FlowLegacyPieceType"];
            /** @description Accepted in the trigger of an `IMPORT_FLOW`, as the reference product's older builders send it, and dropped, as the reference drops it: never answered. */
            packageType?: components["schemas"]["FlowLegacyPackageType"];
        };
        /**
         * PieceTrigger
         * @description A trigger provided by a piece (an integration package).
         */
        PieceTrigger: {
            /**
             * @description Variant of the trigger: `PIECE_TRIGGER`, a trigger of a piece. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PIECE_TRIGGER";
            /**
             * @description Step name of the trigger; always `trigger`.
             * @example trigger
             */
            name: string;
            /** @description Whether the trigger's settings are complete. */
            valid: boolean;
            /**
             * @description Name of the trigger shown in the builder.
             * @example Every day
             */
            displayName: string;
            /** @description When the service last changed the trigger; absent on triggers no `updateFlow` operation wrote. */
            lastUpdatedDate?: string;
            /** @description The first action of the flow and, through it, the chain of actions (any JSON value; in versions written by `updateFlow`, a `FlowAction`). Absent when the flow has no action. */
            nextAction?: unknown;
            settings: components["schemas"]["PieceTriggerSettings"];
        };
        /**
         * Trigger
         * @description What starts a flow. `type` tells the variant.
         */
        Trigger: components["schemas"]["EmptyTrigger"] | components["schemas"]["PieceTrigger"];
        /**
         * FlowNoteColor
         * @description A sticky note's colour in the builder.
         * @enum {string}
         */
        FlowNoteColor: "orange" | "red" | "green" | "blue" | "purple" | "yellow";
        /**
         * FlowNotePosition
         * @description Where a sticky note sits on the canvas.
         */
        FlowNotePosition: {
            /** @description Horizontal position. */
            x: number;
            /** @description Vertical position. */
            y: number;
        };
        /**
         * FlowNoteSize
         * @description A sticky note's size on the canvas.
         */
        FlowNoteSize: {
            /** @description Width. */
            width: number;
            /** @description Height. */
            height: number;
        };
        /**
         * FlowNote
         * @description A sticky note on a flow version's canvas.
         */
        FlowNote: {
            /** @description The note's id, chosen by the builder. */
            id: string;
            /** @description The note's text (Markdown). */
            content: string;
            /** @description The user who wrote it; `null` or absent when unknown. */
            ownerId?: string | null;
            /** @description The note's colour in the builder. */
            color: components["schemas"]["FlowNoteColor"];
            /** @description Where the note sits on the canvas. */
            position: components["schemas"]["FlowNotePosition"];
            /** @description The note's size on the canvas. */
            size: components["schemas"]["FlowNoteSize"];
            /** @description When the note was added to this version. */
            createdAt: components["schemas"]["Timestamp"];
            /** @description When the note last changed. */
            updatedAt: components["schemas"]["Timestamp"];
        };
        /**
         * FlowVersion
         * @description One version of a flow. A flow has one `DRAFT` version at most, and its published versions are `LOCKED`.
         */
        FlowVersion: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /** @description The flow this version belongs to. */
            flowId: components["schemas"]["Id"];
            /**
             * @description Name of the flow in this version.
             * @example Daily sales report
             */
            displayName: string;
            trigger: components["schemas"]["Trigger"];
            /** @description Id of the user who last changed this version. */
            updatedBy: components["schemas"]["Id"];
            /** @description Whether every step of the version is complete, so that it can be published. */
            valid: boolean;
            /**
             * @description Version of the flow-definition format this version is stored in.
             * @example 1
             */
            schemaVersion: string;
            /** @description Ids of the agents the version's steps use. */
            agentIds: string[];
            state: components["schemas"]["FlowVersionState"];
            /** @description External ids of the app connections the version's steps use. */
            connectionIds: string[];
            /** @description Backups of the version's code steps, keyed by step name. Free-form. */
            backupFiles: {
                [key: string]: unknown;
            };
            /** @description Sticky notes on the version's canvas (set by `IMPORT_FLOW`, copied by `USE_AS_DRAFT`); empty when none. */
            notes?: components["schemas"]["FlowNote"][];
        };
        /**
         * Schedule
         * @description The schedule of a flow whose trigger is one of the schedule piece's (`@activepieces/piece-schedule`): the `cronExpression` and `timezone` inputs of `cron_expression`, or the expression the piece sets for `every_x_minutes` and `every_hour` (in UTC), `every_day` (weekdays unless `run_on_weekends`), `every_week` and `every_month` (in their `timezone`). While the flow is `ENABLED`, its published version's schedule queues a run at each due time, tagged `schedule`, for an engine to lease (`leaseFlowRuns`): once per due time across every instance, and once for the whole time it missed after the service was down.
         */
        Schedule: {
            /**
             * @description Kind of schedule; `CRON_EXPRESSION` is the only one.
             * @enum {string}
             */
            type: "CRON_EXPRESSION";
            /**
             * @description Five-field cron expression.
             * @example 0 8 * * 1-5
             */
            cronExpression: string;
            /**
             * @description IANA time zone the expression is read in.
             * @example Europe/Berlin
             */
            timezone: string;
        };
        /**
         * TriggerSource
         * @description How the flow is started. Present on a flow only when its version's trigger is a schedule.
         */
        TriggerSource: {
            schedule: components["schemas"]["Schedule"];
        };
        /**
         * Flow
         * @description An automation flow with one of its versions (by default the latest).
         */
        Flow: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /** @description The project the flow belongs to. */
            projectId: components["schemas"]["Id"];
            /** @description Id of the flow across platforms (kept when the flow is exported and imported). A new id at creation, of the form of the record ids. */
            externalId: string;
            /** @description The folder holding the flow; `null` when the flow is in no folder. */
            folderId?: components["schemas"]["Id"] | null;
            status: components["schemas"]["FlowStatus"];
            /** @description The version that runs when the flow is enabled; `null` until the flow is published. */
            publishedVersionId?: components["schemas"]["Id"] | null;
            /** @description Free-form JSON owned by the client; `null` when none was given. */
            metadata?: {
                [key: string]: unknown;
            } | null;
            version: components["schemas"]["FlowVersion"];
            triggerSource?: components["schemas"]["TriggerSource"];
        };
        /** @description Opaque cursor; pass it as `cursor` to get the adjacent page. `null` when there is no such page. A page shorter than `limit` may still have a `next`, as pages also end at about 1 MiB of text. */
        PageCursor: string | null;
        /**
         * FlowPage
         * @description A page of flows. Follow `next` until it is `null` to read them all.
         */
        FlowPage: {
            /** @description The flows of this page, newest first; empty when there are none. */
            data: components["schemas"]["Flow"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * @description Stable machine-readable error code. New codes may be added in a minor version (the compatibility
         *     policy of openapi/DECISIONS.md): treat an unknown code by its HTTP status.
         *     - `VALIDATION` (400): the request does not match the contract (body, query, path, cursor, limit).
         *     - `AUTHENTICATION` (401): missing, malformed, unknown, revoked or expired API key.
         *     - `PERMISSION_DENIED` (403): the API key's role, or its being limited to projects, does not allow the operation.
         *     - `ENTITY_NOT_FOUND` (404): the id does not exist or belongs to another platform.
         *     - `ROUTE_NOT_FOUND` (404): no operation has this path (a typo in the URL, or a path of another version): the request never reached a record.
         *     - `METHOD_NOT_ALLOWED` (405): the path exists but not with this method.
         *     - `PROJECT_EXTERNAL_ID_ALREADY_EXISTS` (409): another project of the platform has this `externalId`.
         *     - `IDEMPOTENCY_KEY_IN_USE` (409): a request with the same `Idempotency-Key` is still running.
         *     - `FLOW_RUN_STATUS_CONFLICT` (409): the flow run's status is final, or the update would take it backwards.
         *     - `FLOW_RUN_LEASE_CONFLICT` (409): the run is leased to an engine and the request did not present its lease: the lease sent expired, was superseded by a newer one, or none was sent.
         *     - `FLOW_OPERATION_INVALID` (409): the flow's state does not allow the operation (enabling a flow never published, publishing a version that is not `valid`, a step name already used, a change of step type that would drop nested steps).
         *     - `PRECONDITION_FAILED` (412): the flow changed since the `ETag` sent in `If-Match` was read.
         *     - `FOLDER_NAME_ALREADY_EXISTS` (409): another folder of the project has this `displayName`, ignoring case.
         *     - `PROJECT_IS_LAST_OF_PLATFORM` (409): the project is the platform's last one, which `deleteProject` never deletes.
         *     - `WEBHOOK_ENDPOINT_LIMIT_REACHED` (409): the platform already has as many webhook endpoints as it may have (`params.limit`; disabled ones count); delete one first.
         *     - `USER_EMAIL_ALREADY_EXISTS` (409): another user of the platform has this `email`, ignoring case (`params.userId`).
         *     - `USER_EXTERNAL_ID_ALREADY_EXISTS` (409): another user of the platform has this `externalId` (`params.userId`).
         *     - `USER_OWNS_RECORDS` (409): the user still owns app connections, projects or API keys (named in `params`); for a deactivation, API keys act as the user.
         *     - `LAST_ACTIVE_ADMIN` (409): the change would leave the platform without an `ACTIVE` `ADMIN` user.
         *     - `IDEMPOTENCY_KEY_REUSED` (422): the `Idempotency-Key` was used for a request with another body.
         *     - `WEBHOOK_TIMEOUT` (408): a flow's webhook called with `/sync` gave no answer within the wait; the run goes on (`params.runId`).
         *     - `WEBHOOK_NO_ANSWER` (502): a flow's webhook called with `/sync` started a run that ended in a failed status without an answer (`params.runId`, `params.status`).
         *     - `REQUEST_TIMEOUT` (408): the headers or the whole request took longer than the server waits.
         *     - `PAYLOAD_TOO_LARGE` (413): the body exceeds the size limit.
         *     - `UNSUPPORTED_MEDIA_TYPE` (415): the body is not `application/json`, or is compressed.
         *     - `HEADERS_TOO_LARGE` (431): the request line and headers exceed the size limit.
         *     - `RATE_LIMITED` (429): the rate-limit budget of the API key or client address is spent; see `Retry-After`.
         *     - `INTERNAL_ERROR` (500): a fault of the service; no internals are disclosed.
         *     - `SERVICE_UNAVAILABLE` (503): the store cannot be reached, or the instance is shutting down and did not take the request (its body had not all arrived); send it again.
         *     - `SANDBOX_SESSION_ENDED` (410): sandbox only (`npm run sandbox`): the API key belongs to a sandbox session that was deleted or expired.
         *     - `SANDBOX_LIMIT_REACHED` (507): sandbox only: a bound of the sandbox is reached, the number of live sessions or the size of one session's data; `params.limit` names it.
         * @enum {string}
         */
        ErrorCode: "VALIDATION" | "AUTHENTICATION" | "PERMISSION_DENIED" | "ENTITY_NOT_FOUND" | "ROUTE_NOT_FOUND" | "METHOD_NOT_ALLOWED" | "PROJECT_EXTERNAL_ID_ALREADY_EXISTS" | "IDEMPOTENCY_KEY_REUSED" | "IDEMPOTENCY_KEY_IN_USE" | "FLOW_RUN_STATUS_CONFLICT" | "FLOW_RUN_LEASE_CONFLICT" | "FLOW_OPERATION_INVALID" | "PRECONDITION_FAILED" | "FOLDER_NAME_ALREADY_EXISTS" | "WEBHOOK_ENDPOINT_LIMIT_REACHED" | "PROJECT_IS_LAST_OF_PLATFORM" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "REQUEST_TIMEOUT" | "HEADERS_TOO_LARGE" | "RATE_LIMITED" | "INTERNAL_ERROR" | "SERVICE_UNAVAILABLE" | "SANDBOX_SESSION_ENDED" | "SANDBOX_LIMIT_REACHED" | "WEBHOOK_TIMEOUT" | "WEBHOOK_NO_ANSWER" | "USER_EMAIL_ALREADY_EXISTS" | "USER_EXTERNAL_ID_ALREADY_EXISTS" | "USER_OWNS_RECORDS" | "LAST_ACTIVE_ADMIN";
        /**
         * ValidationIssue
         * @description One violation of the request's schema.
         */
        ValidationIssue: {
            /**
             * @description Which part of the request is wrong.
             * @enum {string}
             */
            location: "body" | "query" | "path" | "header";
            /**
             * @description JSON Pointer into the body (`/plan/pieces/0`), or the parameter name for query, path and header.
             * @example /displayName
             */
            pointer: string;
            /** @description What is wrong, for a person. */
            message: string;
        };
        /**
         * Problem
         * @description RFC 9457 problem details. Every error of the service has this shape and the
         *     `application/problem+json` content type. Clients branch on `code` (stable) and read `params`
         *     for its details; `detail` is for people and may change.
         */
        Problem: {
            /**
             * Format: uri-reference
             * @description URI reference of the problem type, `/problems/` followed by the code in kebab case; each is explained under "Errors" in the API documentation.
             * @example /problems/entity-not-found
             */
            type: string;
            /** @description Short summary of the problem type. */
            title: string;
            /**
             * Format: int32
             * @description The HTTP status of this response.
             */
            status: number;
            /** @description What went wrong with this request, for a person. */
            detail: string;
            /** @description The path of the request. */
            instance: string;
            code: components["schemas"]["ErrorCode"];
            /** @description Details of the code, e.g. `entityType` and `entityId` for `ENTITY_NOT_FOUND`, `externalId` for `PROJECT_EXTERNAL_ID_ALREADY_EXISTS`. */
            params?: {
                [key: string]: string;
            };
            /** @description The `X-Request-Id` of the request; quote it when reporting a problem. */
            requestId: string;
            /** @description Present for `VALIDATION`; one entry per violation (all violations are reported at once). */
            errors?: components["schemas"]["ValidationIssue"][];
        };
        /** @description Free-form JSON object owned by the client; stored and returned as sent. At most 100 keys and 64 KiB (65,536 bytes) as compact JSON in UTF-8 (larger is a `400` naming the field and the limit), nested at most 256 levels deep counted from the top of the body. */
        Metadata: {
            [key: string]: unknown;
        };
        /**
         * FlowCreateRequest
         * @description A new flow. Give `folderId` or `folderName`, not both, to file it in a folder.
         */
        FlowCreateRequest: {
            /** @description Name of the flow (of its first version). */
            displayName: string;
            /** @description The project to create the flow in. */
            projectId: components["schemas"]["Id"];
            /** @description An existing folder of the project (404 if it is not one). */
            folderId?: components["schemas"]["Id"];
            /** @description A folder of the project by name, compared ignoring case as folder names are (`sales` files the flow in `Sales`); created when the project has none of that name. */
            folderName?: string;
            metadata?: components["schemas"]["Metadata"];
        };
        /**
         * FlowOperationChangeStatus
         * @description `CHANGE_STATUS`: Enables or disables the flow. Only a published flow can be `ENABLED` (`409 FLOW_OPERATION_INVALID` otherwise).
         */
        FlowOperationChangeStatus: {
            /**
             * @description `CHANGE_STATUS`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "CHANGE_STATUS";
            /** @description The operation's fields. */
            request: {
                /** @description The new status. */
                status: components["schemas"]["FlowStatus"];
            };
        };
        /**
         * FlowOperationLockAndPublish
         * @description `LOCK_AND_PUBLISH`: Locks the draft and makes it the published version (`publishedVersionId`); with `status`, also sets the status. Publishing a version that is not `valid` is a `409`; when the latest version is already locked, it is published as it is.
         */
        FlowOperationLockAndPublish: {
            /**
             * @description `LOCK_AND_PUBLISH`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "LOCK_AND_PUBLISH";
            /** @description The operation's fields. */
            request: {
                /** @description The status to set with the publication; absent leaves the status as it is. */
                status?: components["schemas"]["FlowStatus"];
            };
        };
        /**
         * FlowOperationUseAsDraft
         * @description `USE_AS_DRAFT`: Makes the draft a copy of one of the flow's versions (its display name, trigger, actions and notes), to edit an older version or go back to it.
         */
        FlowOperationUseAsDraft: {
            /**
             * @description `USE_AS_DRAFT`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "USE_AS_DRAFT";
            /** @description The operation's fields. */
            request: {
                /** @description A version of this flow (another flow's version is a `404`). */
                versionId: components["schemas"]["Id"];
            };
        };
        /**
         * FlowOperationLockFlow
         * @description `LOCK_FLOW`: Locks the draft without publishing it: it never changes again, and the next change of the definition starts a new draft from it. A flow whose latest version is already locked is unchanged.
         */
        FlowOperationLockFlow: {
            /**
             * @description `LOCK_FLOW`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "LOCK_FLOW";
            /** @description The operation's fields. */
            request: Record<string, never>;
        };
        /**
         * FlowOperationChangeName
         * @description `CHANGE_NAME`: Renames the flow: the draft's `displayName`.
         */
        FlowOperationChangeName: {
            /**
             * @description `CHANGE_NAME`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "CHANGE_NAME";
            /** @description The operation's fields. */
            request: {
                /**
                 * @description The new name.
                 * @example Weekly sales report
                 */
                displayName: string;
            };
        };
        /**
         * FlowOperationChangeFolder
         * @description `CHANGE_FOLDER`: Files the flow in a folder of its project, or in none.
         */
        FlowOperationChangeFolder: {
            /**
             * @description `CHANGE_FOLDER`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "CHANGE_FOLDER";
            /** @description The operation's fields. */
            request: {
                /** @description A folder of the flow's project (another project's is a `404`); `null`, or absent as Activepieces allows, takes the flow out of its folder. */
                folderId?: components["schemas"]["Id"] | null;
            };
        };
        /**
         * FlowOperationUpdateMetadata
         * @description `UPDATE_METADATA`: Replaces the flow's `metadata`.
         */
        FlowOperationUpdateMetadata: {
            /**
             * @description `UPDATE_METADATA`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "UPDATE_METADATA";
            /** @description The operation's fields. */
            request: {
                /** @description The new metadata (at most 100 keys and 64 KiB as compact JSON); `null`, or absent as Activepieces allows, removes it. */
                metadata?: components["schemas"]["Metadata"] | null;
            };
        };
        /**
         * @description The trigger's step name. A flow's trigger is always named `trigger` (as in flows made by Activepieces); an operation naming another is refused.
         * @example trigger
         * @constant
         */
        FlowTriggerName: "trigger";
        /**
         * @description Name of the step shown in the builder.
         * @example Send message
         */
        FlowStepDisplayName: string;
        /**
         * @description Name of a step, unique within a flow version: a letter or `_`, then letters, digits and `_` (the trigger is `trigger`, actions `step_1`, `step_2`, ... in flows made by the builder).
         * @example step_1
         */
        FlowStepName: string;
        /**
         * FlowAction
         * @description An action step with the chain that follows it (`nextAction`), as stored in a flow version and sent in `IMPORT_FLOW`. `type` tells the variant; loops nest a chain (`firstLoopAction`), routers one per branch (`children`), code and piece steps optionally one on success and one on failure (`continueOnFailureBranches`).
         */
        FlowAction: components["schemas"]["FlowCodeAction"] | components["schemas"]["FlowPieceAction"] | components["schemas"]["FlowLoopOnItemsAction"] | components["schemas"]["FlowRouterAction"];
        /**
         * FlowContinueOnFailureBranches
         * @description Chains of a code or piece step run after it succeeded (`onSuccess`) or failed (`onFailure`), when its error handling lets the flow go on.
         */
        FlowContinueOnFailureBranches: {
            /** @description The chain run after the step succeeded. */
            onSuccess?: components["schemas"]["FlowAction"];
            /** @description The chain run after the step failed. */
            onFailure?: components["schemas"]["FlowAction"];
        };
        /** @description What the engine does when the step fails. */
        FlowActionErrorHandlingOptions: {
            /** @description Whether the flow goes on after the step failed. */
            continueOnFailure?: {
                /** @description `true`: go on with the next step. */
                value?: boolean;
                /**
                 * @deprecated
                 * @description Sent by the reference product's 2025 builder (whether its form shows the option). Dropped from an operation's step, as the reference drops it; kept in the steps below the trigger of an `IMPORT_FLOW`, as the reference keeps them.
                 */
                hide?: boolean;
            };
            /** @description Whether the step is retried after a failure. */
            retryOnFailure?: {
                /** @description `true`: retry the step. */
                value?: boolean;
                /**
                 * @deprecated
                 * @description Sent by the reference product's 2025 builder (whether its form shows the option). Dropped from an operation's step, as the reference drops it; kept in the steps below the trigger of an `IMPORT_FLOW`, as the reference keeps them.
                 */
                hide?: boolean;
            };
        };
        /**
         * Format: uri
         * @description Logo shown instead of the piece's own; absent when none.
         */
        FlowCustomLogoUrl: string;
        /** @description Where the step's test data is stored (set by the builder's tests; kept by the service across updates of the step). */
        FlowStepSampleData: {
            /** @description File holding the step's sample output. */
            sampleDataFileId?: string;
            /** @description File holding the step's sample input. */
            sampleDataInputFileId?: string;
            /** @description When the step was last tested. */
            lastTestDate?: string;
        };
        /**
         * FlowCodeActionSettings
         * @description Settings of a code step as stored in a flow version and sent in `IMPORT_FLOW`.
         */
        FlowCodeActionSettings: {
            /** @description The step's code and its dependencies. */
            sourceCode: {
                /** @description The `package.json` of the code's dependencies, as text. */
                packageJson: string;
                /** @description The TypeScript code; the step is complete when it is not empty. */
                code: string;
            };
            /** @description Inputs passed to the code, keyed by name. Free-form. */
            input: {
                [key: string]: unknown;
            };
            errorHandlingOptions?: components["schemas"]["FlowActionErrorHandlingOptions"];
            customLogoUrl?: components["schemas"]["FlowCustomLogoUrl"];
            sampleData?: components["schemas"]["FlowStepSampleData"];
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
        };
        /**
         * FlowIgnoredStepValue
         * @deprecated
         * @description Sent by the reference product's builders with a step (what follows it or nests in it, a logo at the step's top level: any JSON value) and not taken, as the reference's server does not take it: an operation changes the steps it names only, and a new router starts with one empty chain per branch.
         */
        FlowIgnoredStepValue: unknown;
        /**
         * FlowCodeAction
         * @description A step, a code step, as stored in a flow version (below `trigger.nextAction`) and as sent in `IMPORT_FLOW`, with the steps that follow it and those nested in it.
         */
        FlowCodeAction: {
            /**
             * @description `CODE`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "CODE";
            name: components["schemas"]["FlowStepName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            /** @description Whether the step is complete, computed by the service from its settings (a value sent in `IMPORT_FLOW` is not taken). */
            valid?: boolean;
            /** @description Whether the engine skips the step; absent means `false`. */
            skip?: boolean;
            /** @description When the service last changed the step (a value sent in `IMPORT_FLOW` is replaced by the time of the import). */
            lastUpdatedDate?: string;
            /** @description The step after this one in the same chain; absent at the end of the chain. */
            nextAction?: components["schemas"]["FlowAction"];
            continueOnFailureBranches?: components["schemas"]["FlowContinueOnFailureBranches"];
            settings: components["schemas"]["FlowCodeActionSettings"];
            /** @description A logo at the step's top level, as the reference product's builders wrote it in steps stored before its 2025 flow format: accepted in the steps of an `IMPORT_FLOW` and dropped, as the reference drops it (a step's logo is `settings.customLogoUrl`); never answered. */
            customLogoUrl?: components["schemas"]["FlowIgnoredStepValue"];
        };
        /** @description Per-input UI settings of a piece step, keyed by input name. */
        FlowPropertySettings: {
            [key: string]: {
                /**
                 * @description `MANUAL` (typed by the user) or `DYNAMIC` (built from the piece's dynamic schema).
                 * @enum {string}
                 */
                type: "MANUAL" | "DYNAMIC";
                /** @description The input's dynamic schema as the builder last loaded it (any JSON value). */
                schema?: unknown;
            };
        };
        /**
         * FlowPieceActionSettings
         * @description Settings of a piece action as stored in a flow version and sent in `IMPORT_FLOW`.
         */
        FlowPieceActionSettings: {
            /**
             * @description Package name of the piece.
             * @example @activepieces/piece-slack
             */
            pieceName: string;
            /**
             * @description Version of the piece (exact, as the service stores it; `~` or `^` in imported flows is removed).
             * @example 0.10.2
             */
            pieceVersion: string;
            /**
             * @description Name of the action within the piece; the step is complete once it is chosen.
             * @example send_channel_message
             */
            actionName?: string;
            /** @description The action's input values, keyed by input name. Free-form. */
            input: {
                [key: string]: unknown;
            };
            propertySettings: components["schemas"]["FlowPropertySettings"];
            errorHandlingOptions?: components["schemas"]["FlowActionErrorHandlingOptions"];
            customLogoUrl?: components["schemas"]["FlowCustomLogoUrl"];
            sampleData?: components["schemas"]["FlowStepSampleData"];
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
            pieceType?: components["schemas"]["FlowLegacyPieceType"];
            packageType?: components["schemas"]["FlowLegacyPackageType"];
        };
        /**
         * FlowPieceAction
         * @description A step, an action of a piece, as stored in a flow version (below `trigger.nextAction`) and as sent in `IMPORT_FLOW`, with the steps that follow it and those nested in it.
         */
        FlowPieceAction: {
            /**
             * @description `PIECE`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PIECE";
            name: components["schemas"]["FlowStepName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            /** @description Whether the step is complete, computed by the service from its settings (a value sent in `IMPORT_FLOW` is not taken). */
            valid?: boolean;
            /** @description Whether the engine skips the step; absent means `false`. */
            skip?: boolean;
            /** @description When the service last changed the step (a value sent in `IMPORT_FLOW` is replaced by the time of the import). */
            lastUpdatedDate?: string;
            /** @description The step after this one in the same chain; absent at the end of the chain. */
            nextAction?: components["schemas"]["FlowAction"];
            continueOnFailureBranches?: components["schemas"]["FlowContinueOnFailureBranches"];
            settings: components["schemas"]["FlowPieceActionSettings"];
            /** @description A logo at the step's top level, as the reference product's builders wrote it in steps stored before its 2025 flow format: accepted in the steps of an `IMPORT_FLOW` and dropped, as the reference drops it (a step's logo is `settings.customLogoUrl`); never answered. */
            customLogoUrl?: components["schemas"]["FlowIgnoredStepValue"];
        };
        /**
         * FlowLoopItemsMode
         * @description How a loop's items are given, as the reference product's 2026 benchmark flows send it (`DYNAMIC`); not in the reference's step schema. Taken and dropped, as the reference drops it: from the step of an `ADD_ACTION` or `UPDATE_ACTION` (its parse), and from every loop below an `IMPORT_FLOW`'s trigger (its import's migrations); never answered.
         * @example DYNAMIC
         */
        FlowLoopItemsMode: string;
        /**
         * FlowLoopOnItemsActionSettings
         * @description Settings of a loop as stored in a flow version and sent in `IMPORT_FLOW`.
         */
        FlowLoopOnItemsActionSettings: {
            /** @description The list to loop over, usually an expression such as `{{step_1.rows}}`; the step is complete when it is not empty. */
            items: string;
            customLogoUrl?: components["schemas"]["FlowCustomLogoUrl"];
            sampleData?: components["schemas"]["FlowStepSampleData"];
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
            loopItemsMode?: components["schemas"]["FlowLoopItemsMode"];
        };
        /**
         * FlowLoopOnItemsAction
         * @description A step, a loop over a list, as stored in a flow version (below `trigger.nextAction`) and as sent in `IMPORT_FLOW`, with the steps that follow it and those nested in it.
         */
        FlowLoopOnItemsAction: {
            /**
             * @description `LOOP_ON_ITEMS`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "LOOP_ON_ITEMS";
            name: components["schemas"]["FlowStepName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            /** @description Whether the step is complete, computed by the service from its settings (a value sent in `IMPORT_FLOW` is not taken). */
            valid?: boolean;
            /** @description Whether the engine skips the step; absent means `false`. */
            skip?: boolean;
            /** @description When the service last changed the step (a value sent in `IMPORT_FLOW` is replaced by the time of the import). */
            lastUpdatedDate?: string;
            /** @description The step after this one in the same chain; absent at the end of the chain. */
            nextAction?: components["schemas"]["FlowAction"];
            /** @description The first step of the chain run for each item; absent while the loop is empty. */
            firstLoopAction?: components["schemas"]["FlowAction"];
            settings: components["schemas"]["FlowLoopOnItemsActionSettings"];
            /** @description A logo at the step's top level, as the reference product's builders wrote it in steps stored before its 2025 flow format: accepted in the steps of an `IMPORT_FLOW` and dropped, as the reference drops it (a step's logo is `settings.customLogoUrl`); never answered. */
            customLogoUrl?: components["schemas"]["FlowIgnoredStepValue"];
        };
        /** @description One condition of a router branch. `firstValue` (and `secondValue`, except for the single-value operators `EXISTS`, `DOES_NOT_EXIST`, `BOOLEAN_IS_TRUE`, `BOOLEAN_IS_FALSE`, `LIST_IS_EMPTY`, `LIST_IS_NOT_EMPTY`) must be non-empty for the router to be complete. */
        FlowBranchCondition: {
            /** @description The value tested, usually an expression such as `{{step_1.status}}`. */
            firstValue: string;
            /** @description The value compared with; absent for single-value operators. */
            secondValue?: string;
            /** @description Whether text comparisons respect case. */
            caseSensitive?: boolean;
            /**
             * @description The comparison (Activepieces' names; `TEXT_START_WITH` is its spelling of "starts with").
             * @enum {string}
             */
            operator?: "TEXT_CONTAINS" | "TEXT_DOES_NOT_CONTAIN" | "TEXT_EXACTLY_MATCHES" | "TEXT_DOES_NOT_EXACTLY_MATCH" | "TEXT_START_WITH" | "TEXT_DOES_NOT_START_WITH" | "TEXT_ENDS_WITH" | "TEXT_DOES_NOT_END_WITH" | "NUMBER_IS_GREATER_THAN" | "NUMBER_IS_LESS_THAN" | "NUMBER_IS_EQUAL_TO" | "BOOLEAN_IS_TRUE" | "BOOLEAN_IS_FALSE" | "DATE_IS_BEFORE" | "DATE_IS_EQUAL" | "DATE_IS_AFTER" | "LIST_CONTAINS" | "LIST_DOES_NOT_CONTAIN" | "LIST_IS_EMPTY" | "LIST_IS_NOT_EMPTY" | "EXISTS" | "DOES_NOT_EXIST";
        };
        /**
         * FlowRouterBranch
         * @description One branch of a router: `CONDITION` (taken when its conditions hold: any group of `conditions` whose every condition holds) or `FALLBACK` (taken when no other branch is).
         */
        FlowRouterBranch: {
            /**
             * @description `CONDITION`.
             * @constant
             */
            branchType: "CONDITION";
            /** @description Name of the branch shown in the builder. */
            branchName: string;
            /** @description Groups of conditions, OR between groups and AND within one. */
            conditions: components["schemas"]["FlowBranchCondition"][][];
        } | {
            /**
             * @description `FALLBACK`.
             * @constant
             */
            branchType: "FALLBACK";
            /** @description Name of the branch shown in the builder. */
            branchName: string;
        };
        /**
         * FlowRouterActionSettings
         * @description Settings of a router as stored in a flow version and sent in `IMPORT_FLOW`.
         */
        FlowRouterActionSettings: {
            /** @description The router's branches, in order; the router has one chain of steps per branch (`children`). */
            branches: components["schemas"]["FlowRouterBranch"][];
            /**
             * @description `EXECUTE_FIRST_MATCH`: only the first branch whose conditions hold runs; `EXECUTE_ALL_MATCH`: every such branch runs.
             * @enum {string}
             */
            executionType: "EXECUTE_ALL_MATCH" | "EXECUTE_FIRST_MATCH";
            customLogoUrl?: components["schemas"]["FlowCustomLogoUrl"];
            sampleData?: components["schemas"]["FlowStepSampleData"];
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
        };
        /**
         * FlowRouterAction
         * @description A step, a router with branches, as stored in a flow version (below `trigger.nextAction`) and as sent in `IMPORT_FLOW`, with the steps that follow it and those nested in it.
         */
        FlowRouterAction: {
            /**
             * @description `ROUTER`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "ROUTER";
            name: components["schemas"]["FlowStepName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            /** @description Whether the step is complete, computed by the service from its settings (a value sent in `IMPORT_FLOW` is not taken). */
            valid?: boolean;
            /** @description Whether the engine skips the step; absent means `false`. */
            skip?: boolean;
            /** @description When the service last changed the step (a value sent in `IMPORT_FLOW` is replaced by the time of the import). */
            lastUpdatedDate?: string;
            /** @description The step after this one in the same chain; absent at the end of the chain. */
            nextAction?: components["schemas"]["FlowAction"];
            /** @description One chain of steps per branch, in the order of `settings.branches` (`null` for an empty branch); absent in `IMPORT_FLOW` means every branch is empty. */
            children?: (components["schemas"]["FlowAction"] | null)[];
            settings: components["schemas"]["FlowRouterActionSettings"];
            /** @description A logo at the step's top level, as the reference product's builders wrote it in steps stored before its 2025 flow format: accepted in the steps of an `IMPORT_FLOW` and dropped, as the reference drops it (a step's logo is `settings.customLogoUrl`); never answered. */
            customLogoUrl?: components["schemas"]["FlowIgnoredStepValue"];
        };
        /**
         * FlowEmptyTrigger
         * @description An empty trigger with the flow's actions, as sent in `IMPORT_FLOW`.
         */
        FlowEmptyTrigger: {
            /**
             * @description `EMPTY`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "EMPTY";
            name: components["schemas"]["FlowTriggerName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            /** @description Whether the trigger is complete (computed by the service; a value sent is not taken). */
            valid?: boolean;
            /** @description When the trigger was last changed (a value sent is replaced by the time of the import). */
            lastUpdatedDate?: string;
            /** @description The first action of the flow, with the chain that follows it; absent when the flow has no action. */
            nextAction?: components["schemas"]["FlowAction"];
            /** @description Always empty. */
            settings: Record<string, never>;
        };
        /**
         * FlowPieceTrigger
         * @description A piece trigger with the flow's actions, as sent in `IMPORT_FLOW`.
         */
        FlowPieceTrigger: {
            /**
             * @description `PIECE_TRIGGER`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PIECE_TRIGGER";
            name: components["schemas"]["FlowTriggerName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            /** @description Whether the trigger is complete (computed by the service; a value sent is not taken). */
            valid?: boolean;
            /** @description When the trigger was last changed (a value sent is replaced by the time of the import). */
            lastUpdatedDate?: string;
            /** @description The first action of the flow, with the chain that follows it; absent when the flow has no action. */
            nextAction?: components["schemas"]["FlowAction"];
            /** @description The trigger's settings; a `sampleData` sent is not imported (the draft keeps its trigger's own, as Activepieces does). */
            settings: components["schemas"]["PieceTriggerSettings"];
        };
        /**
         * FlowTrigger
         * @description A flow's whole definition as sent in `IMPORT_FLOW`: its trigger and, below `nextAction`, every action. `type` tells the variant.
         */
        FlowTrigger: components["schemas"]["FlowEmptyTrigger"] | components["schemas"]["FlowPieceTrigger"];
        /**
         * FlowNoteInput
         * @description A sticky note as sent in `IMPORT_FLOW`; its `createdAt` and `updatedAt` are set to the time of the import, as Activepieces does.
         */
        FlowNoteInput: {
            /** @description The note's id, chosen by the builder. */
            id: string;
            /** @description The note's text (Markdown). */
            content: string;
            /** @description The user who wrote it; `null` or absent when unknown. */
            ownerId?: string | null;
            /** @description The note's colour in the builder. */
            color: components["schemas"]["FlowNoteColor"];
            /** @description Where the note sits on the canvas. */
            position: components["schemas"]["FlowNotePosition"];
            /** @description The note's size on the canvas. */
            size: components["schemas"]["FlowNoteSize"];
            /** @description Accepted as Activepieces exports it and replaced by the time of the import. */
            createdAt?: string;
            /** @description Accepted as Activepieces exports it and replaced by the time of the import. */
            updatedAt?: string;
        };
        /**
         * FlowOperationImportFlow
         * @description `IMPORT_FLOW`: Replaces the draft's whole definition: its display name, trigger, every action and notes. Step names must be unique, and the trigger's `name` the flow's trigger's.
         */
        FlowOperationImportFlow: {
            /**
             * @description `IMPORT_FLOW`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "IMPORT_FLOW";
            /** @description The operation's fields. */
            request: {
                /** @description The flow's new name. */
                displayName: string;
                trigger: components["schemas"]["FlowTrigger"];
                /** @description Version of the definition format of the flow imported; stored as the draft's `schemaVersion` (`null` or absent keeps the draft's). */
                schemaVersion?: string | null;
                /** @description The canvas notes of the imported flow, replacing the draft's; `null` or absent removes them, as Activepieces does. */
                notes?: components["schemas"]["FlowNoteInput"][] | null;
            };
        };
        /** @description Accepted as Activepieces clients send it and not taken: the service computes whether a step is complete from its definition (see `updateFlow`). */
        FlowIgnoredValid: boolean;
        /**
         * @description Accepted as Activepieces clients send it and not stored as sent: the service sets every step's `lastUpdatedDate` to the time it changed the step.
         * @example 2026-11-21T09:33:30.123Z
         */
        FlowIgnoredLastUpdatedDate: string;
        /**
         * FlowEmptyTriggerInput
         * @description An empty trigger (no trigger chosen) as sent in `UPDATE_TRIGGER`; a version with it cannot be published.
         */
        FlowEmptyTriggerInput: {
            /**
             * @description `EMPTY`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "EMPTY";
            name: components["schemas"]["FlowTriggerName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            valid?: components["schemas"]["FlowIgnoredValid"];
            lastUpdatedDate?: components["schemas"]["FlowIgnoredLastUpdatedDate"];
            /** @description Accepted as Activepieces clients send it (any JSON value) and not taken: the trigger keeps the actions that follow it. Change them with `ADD_ACTION`, `UPDATE_ACTION` and `DELETE_ACTION`, or replace the whole definition with `IMPORT_FLOW`. */
            nextAction?: unknown;
            /** @description Always empty. */
            settings: Record<string, never>;
            /**
             * @deprecated
             * @description Sent by the reference product's builders (`false`) and not taken, as the reference does not take it: a trigger is never skipped.
             */
            skip?: boolean;
        };
        /**
         * @description Version of the piece, `1.2.3`, optionally with `~` or `^` (as Activepieces accepts it); stored as the exact version, without `~` or `^`, as Activepieces stores it.
         * @example ~0.10.2
         */
        FlowPieceVersionInput: string;
        /**
         * FlowIgnoredSampleData
         * @deprecated
         * @description Sent by the reference product's builders on every step they add or change (its `DEFAULT_SAMPLE_DATA_SETTINGS`, often `{}`); not taken, as the reference's server does not take it: a step keeps the sample data it has (a changed step's type drops it), and a new step has none. Sample data is the builder's, set when it tests a step.
         */
        FlowIgnoredSampleData: {
            /** @description Ignored. */
            sampleDataFileId?: string;
            /** @description Ignored. */
            sampleDataInputFileId?: string;
            /** @description Ignored. */
            lastTestDate?: string;
        };
        /**
         * FlowPieceTriggerSettingsInput
         * @description Settings of a piece trigger as sent in `UPDATE_TRIGGER` (its `sampleData` is the builder's and is kept).
         */
        FlowPieceTriggerSettingsInput: {
            /**
             * @description Package name of the piece.
             * @example @activepieces/piece-schedule
             */
            pieceName: string;
            pieceVersion: components["schemas"]["FlowPieceVersionInput"];
            /**
             * @description Name of the trigger within the piece (required here, unlike in Activepieces, because a flow's trigger settings always carry it).
             * @example cron_expression
             */
            triggerName: string;
            /** @description The trigger's input values, keyed by input name. Free-form. */
            input: {
                [key: string]: unknown;
            };
            propertySettings: components["schemas"]["FlowPropertySettings"];
            customLogoUrl?: components["schemas"]["FlowCustomLogoUrl"];
            sampleData?: components["schemas"]["FlowIgnoredSampleData"];
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
            pieceType?: components["schemas"]["FlowLegacyPieceType"];
            packageType?: components["schemas"]["FlowLegacyPackageType"];
        };
        /**
         * FlowPieceTriggerInput
         * @description A trigger of a piece as sent in `UPDATE_TRIGGER`.
         */
        FlowPieceTriggerInput: {
            /**
             * @description `PIECE_TRIGGER`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PIECE_TRIGGER";
            name: components["schemas"]["FlowTriggerName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            valid?: components["schemas"]["FlowIgnoredValid"];
            lastUpdatedDate?: components["schemas"]["FlowIgnoredLastUpdatedDate"];
            /** @description Accepted as Activepieces clients send it (any JSON value) and not taken: the trigger keeps the actions that follow it. Change them with `ADD_ACTION`, `UPDATE_ACTION` and `DELETE_ACTION`, or replace the whole definition with `IMPORT_FLOW`. */
            nextAction?: unknown;
            settings: components["schemas"]["FlowPieceTriggerSettingsInput"];
            /**
             * @deprecated
             * @description Sent by the reference product's builders (`false`) and not taken, as the reference does not take it: a trigger is never skipped.
             */
            skip?: boolean;
        };
        /**
         * FlowTriggerInput
         * @description The trigger as sent in `UPDATE_TRIGGER`: an empty one or a piece's. `type` tells the variant.
         */
        FlowTriggerInput: components["schemas"]["FlowEmptyTriggerInput"] | components["schemas"]["FlowPieceTriggerInput"];
        /**
         * FlowOperationUpdateTrigger
         * @description `UPDATE_TRIGGER`: Replaces the draft's trigger (an empty one, or a piece's); the actions after it stay.
         */
        FlowOperationUpdateTrigger: {
            /**
             * @description `UPDATE_TRIGGER`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "UPDATE_TRIGGER";
            request: components["schemas"]["FlowTriggerInput"];
        };
        /**
         * FlowCodeActionSettingsInput
         * @description Settings of a code step as sent in `ADD_ACTION` and `UPDATE_ACTION` (the step's `sampleData` is the builder's and is kept).
         */
        FlowCodeActionSettingsInput: {
            /** @description The step's code and its dependencies. */
            sourceCode: {
                /** @description The `package.json` of the code's dependencies, as text. */
                packageJson: string;
                /** @description The TypeScript code; the step is complete when it is not empty. */
                code: string;
            };
            /** @description Inputs passed to the code, keyed by name. Free-form. */
            input: {
                [key: string]: unknown;
            };
            errorHandlingOptions?: components["schemas"]["FlowActionErrorHandlingOptions"];
            customLogoUrl?: components["schemas"]["FlowCustomLogoUrl"];
            sampleData?: components["schemas"]["FlowIgnoredSampleData"];
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
        };
        /**
         * FlowCodeActionInput
         * @description One step, a code step, as `ADD_ACTION` adds it and `UPDATE_ACTION` replaces it (without the steps nested in it or following it).
         */
        FlowCodeActionInput: {
            /**
             * @description `CODE`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "CODE";
            name: components["schemas"]["FlowStepName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            valid?: components["schemas"]["FlowIgnoredValid"];
            /** @description Whether the engine skips the step; absent means `false` (`UPDATE_ACTION` without it clears it, as Activepieces does). */
            skip?: boolean;
            lastUpdatedDate?: components["schemas"]["FlowIgnoredLastUpdatedDate"];
            settings: components["schemas"]["FlowCodeActionSettingsInput"];
            customLogoUrl?: components["schemas"]["FlowIgnoredStepValue"];
            nextAction?: components["schemas"]["FlowIgnoredStepValue"];
            firstLoopAction?: components["schemas"]["FlowIgnoredStepValue"];
            children?: components["schemas"]["FlowIgnoredStepValue"];
        };
        /**
         * FlowPieceActionSettingsInput
         * @description Settings of a piece action as sent in `ADD_ACTION` and `UPDATE_ACTION` (the step's `sampleData` is the builder's and is kept).
         */
        FlowPieceActionSettingsInput: {
            /**
             * @description Package name of the piece.
             * @example @activepieces/piece-slack
             */
            pieceName: string;
            pieceVersion: components["schemas"]["FlowPieceVersionInput"];
            /**
             * @description Name of the action within the piece; the step is complete once it is chosen.
             * @example send_channel_message
             */
            actionName?: string;
            /** @description The action's input values, keyed by input name. Free-form. */
            input: {
                [key: string]: unknown;
            };
            propertySettings: components["schemas"]["FlowPropertySettings"];
            errorHandlingOptions?: components["schemas"]["FlowActionErrorHandlingOptions"];
            customLogoUrl?: components["schemas"]["FlowCustomLogoUrl"];
            sampleData?: components["schemas"]["FlowIgnoredSampleData"];
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
            pieceType?: components["schemas"]["FlowLegacyPieceType"];
            packageType?: components["schemas"]["FlowLegacyPackageType"];
        };
        /**
         * FlowPieceActionInput
         * @description One step, an action of a piece, as `ADD_ACTION` adds it and `UPDATE_ACTION` replaces it (without the steps nested in it or following it).
         */
        FlowPieceActionInput: {
            /**
             * @description `PIECE`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PIECE";
            name: components["schemas"]["FlowStepName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            valid?: components["schemas"]["FlowIgnoredValid"];
            /** @description Whether the engine skips the step; absent means `false` (`UPDATE_ACTION` without it clears it, as Activepieces does). */
            skip?: boolean;
            lastUpdatedDate?: components["schemas"]["FlowIgnoredLastUpdatedDate"];
            settings: components["schemas"]["FlowPieceActionSettingsInput"];
            customLogoUrl?: components["schemas"]["FlowIgnoredStepValue"];
            nextAction?: components["schemas"]["FlowIgnoredStepValue"];
            firstLoopAction?: components["schemas"]["FlowIgnoredStepValue"];
            children?: components["schemas"]["FlowIgnoredStepValue"];
        };
        /**
         * FlowLoopOnItemsActionSettingsInput
         * @description Settings of a loop as sent in `ADD_ACTION` and `UPDATE_ACTION` (the step's `sampleData` is the builder's and is kept).
         */
        FlowLoopOnItemsActionSettingsInput: {
            /** @description The list to loop over, usually an expression such as `{{step_1.rows}}`; the step is complete when it is not empty. */
            items: string;
            customLogoUrl?: components["schemas"]["FlowCustomLogoUrl"];
            sampleData?: components["schemas"]["FlowIgnoredSampleData"];
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
            loopItemsMode?: components["schemas"]["FlowLoopItemsMode"];
        };
        /**
         * FlowLoopOnItemsActionInput
         * @description One step, a loop over a list, as `ADD_ACTION` adds it and `UPDATE_ACTION` replaces it (without the steps nested in it or following it).
         */
        FlowLoopOnItemsActionInput: {
            /**
             * @description `LOOP_ON_ITEMS`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "LOOP_ON_ITEMS";
            name: components["schemas"]["FlowStepName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            valid?: components["schemas"]["FlowIgnoredValid"];
            /** @description Whether the engine skips the step; absent means `false` (`UPDATE_ACTION` without it clears it, as Activepieces does). */
            skip?: boolean;
            lastUpdatedDate?: components["schemas"]["FlowIgnoredLastUpdatedDate"];
            settings: components["schemas"]["FlowLoopOnItemsActionSettingsInput"];
            customLogoUrl?: components["schemas"]["FlowIgnoredStepValue"];
            nextAction?: components["schemas"]["FlowIgnoredStepValue"];
            firstLoopAction?: components["schemas"]["FlowIgnoredStepValue"];
            children?: components["schemas"]["FlowIgnoredStepValue"];
        };
        /**
         * FlowRouterActionSettingsInput
         * @description Settings of a router as sent in `ADD_ACTION` and `UPDATE_ACTION` (the step's `sampleData` is the builder's and is kept).
         */
        FlowRouterActionSettingsInput: {
            /** @description The router's branches, in order; the router has one chain of steps per branch (`children`). */
            branches: components["schemas"]["FlowRouterBranch"][];
            /**
             * @description `EXECUTE_FIRST_MATCH`: only the first branch whose conditions hold runs; `EXECUTE_ALL_MATCH`: every such branch runs.
             * @enum {string}
             */
            executionType: "EXECUTE_ALL_MATCH" | "EXECUTE_FIRST_MATCH";
            customLogoUrl?: components["schemas"]["FlowCustomLogoUrl"];
            sampleData?: components["schemas"]["FlowIgnoredSampleData"];
            inputUiInfo?: components["schemas"]["FlowLegacyInputUiInfo"];
        };
        /**
         * FlowRouterActionInput
         * @description One step, a router with branches, as `ADD_ACTION` adds it and `UPDATE_ACTION` replaces it (without the steps nested in it or following it).
         */
        FlowRouterActionInput: {
            /**
             * @description `ROUTER`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "ROUTER";
            name: components["schemas"]["FlowStepName"];
            displayName: components["schemas"]["FlowStepDisplayName"];
            valid?: components["schemas"]["FlowIgnoredValid"];
            /** @description Whether the engine skips the step; absent means `false` (`UPDATE_ACTION` without it clears it, as Activepieces does). */
            skip?: boolean;
            lastUpdatedDate?: components["schemas"]["FlowIgnoredLastUpdatedDate"];
            settings: components["schemas"]["FlowRouterActionSettingsInput"];
            customLogoUrl?: components["schemas"]["FlowIgnoredStepValue"];
            nextAction?: components["schemas"]["FlowIgnoredStepValue"];
            firstLoopAction?: components["schemas"]["FlowIgnoredStepValue"];
            children?: components["schemas"]["FlowIgnoredStepValue"];
        };
        /**
         * FlowActionInput
         * @description One action step as sent in `ADD_ACTION` and `UPDATE_ACTION`. `type` tells the variant.
         */
        FlowActionInput: components["schemas"]["FlowCodeActionInput"] | components["schemas"]["FlowPieceActionInput"] | components["schemas"]["FlowLoopOnItemsActionInput"] | components["schemas"]["FlowRouterActionInput"];
        /**
         * FlowOperationAddAction
         * @description `ADD_ACTION`: Adds one action to the draft, after `parentStep` or inside it.
         */
        FlowOperationAddAction: {
            /**
             * @description `ADD_ACTION`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "ADD_ACTION";
            /** @description The operation's fields. */
            request: {
                /** @description The step the new action is placed after or inside (the trigger's name places it first). */
                parentStep: components["schemas"]["FlowStepName"];
                /**
                 * @description `AFTER` the parent (the default); `INSIDE_LOOP`, first in a loop's chain; `INSIDE_BRANCH`, first in branch `branchIndex` of a router; `INSIDE_ON_SUCCESS_BRANCH` or `INSIDE_ON_FAILURE_BRANCH`, first in a code or piece step's chain run on its success or failure. A place the parent does not have (inside a piece step's loop) is a `400`.
                 * @enum {string}
                 */
                stepLocationRelativeToParent?: "AFTER" | "INSIDE_LOOP" | "INSIDE_BRANCH" | "INSIDE_ON_SUCCESS_BRANCH" | "INSIDE_ON_FAILURE_BRANCH";
                /**
                 * Format: int32
                 * @description With `INSIDE_BRANCH`, the router's branch (from 0); required there, a `400` elsewhere and when the router has no such branch.
                 */
                branchIndex?: number;
                /** @description The new action; its `name` must not be used by another step of the version (`409` otherwise). */
                action: components["schemas"]["FlowActionInput"];
            };
        };
        /**
         * FlowOperationUpdateAction
         * @description `UPDATE_ACTION`: Replaces one action of the draft (found by `name`): its type, display name, `skip` and settings. The steps after it and nested in it stay; a change of type that would drop nested steps (a loop with steps into a piece action) is a `409`.
         */
        FlowOperationUpdateAction: {
            /**
             * @description `UPDATE_ACTION`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "UPDATE_ACTION";
            request: components["schemas"]["FlowActionInput"];
        };
        /**
         * FlowOperationDeleteAction
         * @description `DELETE_ACTION`: Deletes actions of the draft, with the steps nested in them; the steps after each one take its place.
         */
        FlowOperationDeleteAction: {
            /**
             * @description `DELETE_ACTION`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "DELETE_ACTION";
            /** @description The operation's fields. */
            request: {
                /** @description Names of actions of the draft (an unknown name is a `404`). The trigger's name, which the reference product's builder sends when every step is selected, is ignored, as the reference ignores it: the trigger is never deleted. */
                names: components["schemas"]["FlowStepName"][];
            };
        };
        /**
         * FlowOperationDuplicateAction
         * @description `DUPLICATE_ACTION`: Copies an action, with the steps nested in it, right after it. The copies get the first unused names `step_N` and `Copy` after their display names; references to the copied steps in their inputs follow the new names.
         */
        FlowOperationDuplicateAction: {
            /**
             * @description `DUPLICATE_ACTION`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "DUPLICATE_ACTION";
            /** @description The operation's fields. */
            request: {
                /** @description The action to copy. */
                stepName: components["schemas"]["FlowStepName"];
            };
        };
        /**
         * FlowOperationSetSkipAction
         * @description `SET_SKIP_ACTION`: Marks actions of the draft as skipped (the engine passes over them) or not.
         */
        FlowOperationSetSkipAction: {
            /**
             * @description `SET_SKIP_ACTION`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "SET_SKIP_ACTION";
            /** @description The operation's fields. */
            request: {
                /** @description Names of actions of the draft (an unknown name is a `404`). */
                names: components["schemas"]["FlowStepName"][];
                /** @description `true` to skip them, `false` to run them again. */
                skip: boolean;
            };
        };
        /**
         * FlowOperationMoveAction
         * @description `MOVE_ACTION`: Moves an action, with the steps nested in it, to another place of the draft: after `newParentStep` or first inside it. The step after it takes its old place.
         */
        FlowOperationMoveAction: {
            /**
             * @description `MOVE_ACTION`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "MOVE_ACTION";
            /** @description The operation's fields. */
            request: {
                /** @description The action to move (the trigger cannot be moved; an unknown name is a `404`). */
                name: components["schemas"]["FlowStepName"];
                /** @description The step it is placed after or inside (the trigger's name places it first). Neither the action itself nor a step nested in it (`400`). */
                newParentStep: components["schemas"]["FlowStepName"];
                /**
                 * @description As `ADD_ACTION`'s `stepLocationRelativeToParent`: `AFTER` the new parent (the default), or first inside it; a place the new parent does not have is a `400`.
                 * @enum {string}
                 */
                stepLocationRelativeToNewParent?: "AFTER" | "INSIDE_LOOP" | "INSIDE_BRANCH" | "INSIDE_ON_SUCCESS_BRANCH" | "INSIDE_ON_FAILURE_BRANCH";
                /**
                 * Format: int32
                 * @description With `INSIDE_BRANCH`, the router's branch (from 0); required there, a `400` elsewhere and when the router has no such branch.
                 */
                branchIndex?: number;
            };
        };
        /**
         * FlowOperationAddBranch
         * @description `ADD_BRANCH`: Adds a `CONDITION` branch, with no steps yet, to a router of the draft.
         */
        FlowOperationAddBranch: {
            /**
             * @description `ADD_BRANCH`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "ADD_BRANCH";
            /** @description The operation's fields. */
            request: {
                /** @description The router (an unknown step is a `404`, a step that is not a router a `400`). */
                stepName: components["schemas"]["FlowStepName"];
                /**
                 * Format: int32
                 * @description Where the new branch goes, from 0: the branches from there on move one place later. At most the number of branches; before the `FALLBACK` branch, which stays last (`400` otherwise). A router has at most 100 branches (`409` beyond).
                 */
                branchIndex: number;
                /** @description Name of the branch shown in the builder. */
                branchName: string;
                /** @description The branch's conditions, as a `CONDITION` branch holds them (OR between groups, AND within one). Absent: one empty condition (`TEXT_CONTAINS` with empty values), to be filled in, as Activepieces' builder does. */
                conditions?: components["schemas"]["FlowBranchCondition"][][];
            };
        };
        /**
         * FlowOperationDeleteBranch
         * @description `DELETE_BRANCH`: Deletes a branch of a router of the draft, with the steps in it; the branches after it move one place earlier.
         */
        FlowOperationDeleteBranch: {
            /**
             * @description `DELETE_BRANCH`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "DELETE_BRANCH";
            /** @description The operation's fields. */
            request: {
                /** @description The router (an unknown step is a `404`, a step that is not a router a `400`). */
                stepName: components["schemas"]["FlowStepName"];
                /**
                 * Format: int32
                 * @description The branch, from 0 (`400` when the router has no such branch). The `FALLBACK` branch and a router's only branch cannot be deleted (`400`): delete the router instead.
                 */
                branchIndex: number;
            };
        };
        /**
         * FlowOperationDuplicateBranch
         * @description `DUPLICATE_BRANCH`: Copies a `CONDITION` branch of a router of the draft, with its conditions and the steps in it, right after it. The copy is named `Copy` after the branch's name; its steps get the first unused names `step_N` and `Copy` after their display names, as `DUPLICATE_ACTION`'s copies do.
         */
        FlowOperationDuplicateBranch: {
            /**
             * @description `DUPLICATE_BRANCH`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "DUPLICATE_BRANCH";
            /** @description The operation's fields. */
            request: {
                /** @description The router (an unknown step is a `404`, a step that is not a router a `400`). */
                stepName: components["schemas"]["FlowStepName"];
                /**
                 * Format: int32
                 * @description The branch to copy, from 0 (`400` when the router has no such branch, or when it is the `FALLBACK` branch, which stays last and alone). A router has at most 100 branches (`409` beyond).
                 */
                branchIndex: number;
            };
        };
        /**
         * FlowOperationMoveBranch
         * @description `MOVE_BRANCH`: Moves a `CONDITION` branch of a router of the draft, with the steps in it, to another position among its branches (the order in which `EXECUTE_FIRST_MATCH` tries them).
         */
        FlowOperationMoveBranch: {
            /**
             * @description `MOVE_BRANCH`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "MOVE_BRANCH";
            /** @description The operation's fields. */
            request: {
                /** @description The router (an unknown step is a `404`, a step that is not a router a `400`). */
                stepName: components["schemas"]["FlowStepName"];
                /**
                 * Format: int32
                 * @description The branch to move, from 0 (`400` when the router has no such branch, or when it is the `FALLBACK` branch).
                 */
                sourceBranchIndex: number;
                /**
                 * Format: int32
                 * @description Its position afterwards, from 0 (`400` when the router has no such branch, or when it is the `FALLBACK` branch's, which stays last). The same index as `sourceBranchIndex` changes nothing.
                 */
                targetBranchIndex: number;
            };
        };
        /**
         * FlowOperationAddNote
         * @description `ADD_NOTE`: Adds a sticky note to the draft's canvas, written by the caller's user (`ownerId`), with `createdAt` and `updatedAt` now. A version holds at most 100 notes (`409` beyond).
         */
        FlowOperationAddNote: {
            /**
             * @description `ADD_NOTE`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "ADD_NOTE";
            /** @description The operation's fields. */
            request: {
                /** @description The new note's id, chosen by the builder; one of another note of the version is a `409`. */
                id: string;
                /** @description The note's text (Markdown). */
                content: string;
                /** @description The note's colour in the builder. */
                color: components["schemas"]["FlowNoteColor"];
                /** @description Where the note sits on the canvas. */
                position: components["schemas"]["FlowNotePosition"];
                /** @description The note's size on the canvas. */
                size: components["schemas"]["FlowNoteSize"];
            };
        };
        /**
         * FlowOperationUpdateNote
         * @description `UPDATE_NOTE`: Replaces a sticky note's content, colour, position and size (and `ownerId`, when sent); its `updatedAt` becomes now, as Activepieces does.
         */
        FlowOperationUpdateNote: {
            /**
             * @description `UPDATE_NOTE`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "UPDATE_NOTE";
            /** @description The operation's fields. */
            request: {
                /** @description The note to change (`404` when the draft has none with this id). */
                id: string;
                /** @description The note's text (Markdown). */
                content: string;
                /** @description The user who wrote it; `null` or absent when unknown. */
                ownerId?: string | null;
                /** @description The note's colour in the builder. */
                color: components["schemas"]["FlowNoteColor"];
                /** @description Where the note sits on the canvas. */
                position: components["schemas"]["FlowNotePosition"];
                /** @description The note's size on the canvas. */
                size: components["schemas"]["FlowNoteSize"];
                /**
                 * @deprecated
                 * @description Sent back by the reference product's builder with the note it edits; not taken, as the reference does not take it: the note keeps its `createdAt`.
                 */
                createdAt?: string;
                /**
                 * @deprecated
                 * @description Sent back by the reference product's builder with the note it edits; not taken: `updatedAt` becomes now.
                 */
                updatedAt?: string;
            };
        };
        /**
         * FlowOperationDeleteNote
         * @description `DELETE_NOTE`: Deletes a sticky note of the draft's canvas.
         */
        FlowOperationDeleteNote: {
            /**
             * @description `DELETE_NOTE`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "DELETE_NOTE";
            /** @description The operation's fields. */
            request: {
                /** @description The note to delete (`404` when the draft has none with this id). */
                id: string;
            };
        };
        /**
         * FlowOperationRequest
         * @description One operation on a flow, as Activepieces' `FlowOperationRequest`: `{type, request}`, `request` being the fields of that `type`. See `updateFlow`.
         */
        FlowOperationRequest: components["schemas"]["FlowOperationChangeStatus"] | components["schemas"]["FlowOperationLockAndPublish"] | components["schemas"]["FlowOperationUseAsDraft"] | components["schemas"]["FlowOperationLockFlow"] | components["schemas"]["FlowOperationChangeName"] | components["schemas"]["FlowOperationChangeFolder"] | components["schemas"]["FlowOperationUpdateMetadata"] | components["schemas"]["FlowOperationImportFlow"] | components["schemas"]["FlowOperationUpdateTrigger"] | components["schemas"]["FlowOperationAddAction"] | components["schemas"]["FlowOperationUpdateAction"] | components["schemas"]["FlowOperationDeleteAction"] | components["schemas"]["FlowOperationDuplicateAction"] | components["schemas"]["FlowOperationSetSkipAction"] | components["schemas"]["FlowOperationMoveAction"] | components["schemas"]["FlowOperationAddBranch"] | components["schemas"]["FlowOperationDeleteBranch"] | components["schemas"]["FlowOperationDuplicateBranch"] | components["schemas"]["FlowOperationMoveBranch"] | components["schemas"]["FlowOperationAddNote"] | components["schemas"]["FlowOperationUpdateNote"] | components["schemas"]["FlowOperationDeleteNote"];
        /**
         * FlowVersionPage
         * @description A page of a flow's versions. Follow `next` until it is `null` to read them all.
         */
        FlowVersionPage: {
            /** @description The versions of this page, newest first (by `created`, then `id`): the first of the first page is the latest version, the one getFlow shows by default. */
            data: components["schemas"]["FlowVersion"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * @description Whether the piece is one of the platform's official pieces or a custom one.
         * @enum {string}
         */
        PieceType: "CUSTOM" | "OFFICIAL";
        /**
         * @description How the piece is distributed.
         * @enum {string}
         */
        PackageType: "ARCHIVE" | "REGISTRY";
        /**
         * InputUiInfo
         * @description Test data and UI state of a trigger, as kept in templates and MCP tools.
         */
        InputUiInfo: {
            /** @description File holding the trigger's sample output; absent when the trigger was never tested. */
            sampleDataFileId?: string;
            /** @description File holding the trigger's sample input; absent when the trigger was never tested. */
            sampleDataInputFileId?: string;
            lastTestDate?: components["schemas"]["Timestamp"];
            /** @description Inputs the user customised in the builder. Free-form. */
            customizedInputs?: {
                [key: string]: unknown;
            };
            /** @description Schema of the trigger's dynamic inputs. Free-form. */
            schema?: {
                [key: string]: unknown;
            };
            /** @description The sample selected in the builder (any JSON value). */
            currentSelectedData?: unknown;
        };
        /**
         * PortableTriggerSettings
         * @description Settings of a piece trigger as carried by flow templates and MCP tools (self-contained, with the piece's packaging).
         */
        PortableTriggerSettings: {
            /**
             * @description Package name of the piece.
             * @example @activepieces/piece-schedule
             */
            pieceName: string;
            /**
             * @description Semver range of the piece.
             * @example ~0.1.5
             */
            pieceVersion: string;
            pieceType: components["schemas"]["PieceType"];
            packageType: components["schemas"]["PackageType"];
            /**
             * @description Name of the trigger within the piece.
             * @example cron_expression
             */
            triggerName: string;
            /** @description The trigger's input values. Free-form. */
            input: {
                [key: string]: unknown;
            };
            inputUiInfo?: components["schemas"]["InputUiInfo"];
            /** @description Per-input UI settings, keyed by input name; absent when the template was sent without them. Free-form. */
            propertySettings?: {
                [key: string]: unknown;
            };
            /** @description Where the trigger's test data is stored; absent when the template was sent without it. */
            sampleData?: components["schemas"]["SampleData"];
            /**
             * Format: uri
             * @description Logo shown instead of the piece's own; absent when none.
             */
            customLogoUrl?: string;
        };
        /**
         * PortablePieceTrigger
         * @description A piece trigger with the portable settings variant.
         */
        PortablePieceTrigger: {
            /**
             * @description Variant of the trigger: `PIECE_TRIGGER`, a trigger of a piece. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PIECE_TRIGGER";
            /**
             * @description Step name of the trigger; `trigger` in flows made by the platform.
             * @example trigger
             */
            name: string;
            /** @description Whether the trigger's settings are complete. */
            valid: boolean;
            /** @description Name of the trigger shown in the builder. */
            displayName: string;
            /** @description The first action of the flow (any JSON value; its inner fields are not part of this contract). */
            nextAction?: unknown;
            settings: components["schemas"]["PortableTriggerSettings"];
        };
        /**
         * PortableTrigger
         * @description A trigger as carried by flow templates and MCP tools. `type` tells the variant.
         */
        PortableTrigger: components["schemas"]["EmptyTrigger"] | components["schemas"]["PortablePieceTrigger"];
        /**
         * FlowTemplateContent
         * @description The flow a template creates.
         */
        FlowTemplateContent: {
            /**
             * @description Name of the flow the template creates.
             * @example Post new leads to Slack
             */
            displayName: string;
            trigger: components["schemas"]["PortableTrigger"];
            /** @description Whether every step of the template is complete. */
            valid: boolean;
            /**
             * @description Version of the flow-definition format of the template; `1` unless the template said otherwise.
             * @example 1
             */
            schemaVersion: string;
            /** @description External ids of the app connections the template's steps use. */
            connectionIds: string[];
            /** @description Ids of the agents the template's steps use; absent when the template was sent without them. */
            agentIds?: string[];
            /** @description Backups of the template's code steps, keyed by step name; absent when the template was sent without them. Free-form. */
            backupFiles?: {
                [key: string]: unknown;
            };
            /** @description The canvas notes of the version; absent when the template was made without them (added in 1.7.0). */
            notes?: components["schemas"]["FlowNote"][];
        };
        /**
         * FlowTemplateExport
         * @description A version of a flow as the body `createFlowTemplate` takes, so that it can be sent there unchanged to make a template of the flow.
         */
        FlowTemplateExport: {
            /** @description The version: its `displayName`, its trigger and the chain of steps below it in the portable form templates carry (the piece trigger's `sampleData` references as `inputUiInfo`), `valid`, `schemaVersion`, `connectionIds`, `agentIds` and `backupFiles`. */
            template: components["schemas"]["FlowTemplateContent"];
        };
        /**
         * Folder
         * @description A folder of a project, holding some of its flows. Names are unique within the project, ignoring case.
         */
        Folder: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /** @description The project the folder belongs to. */
            projectId: components["schemas"]["Id"];
            /**
             * @description Name of the folder, as it was last given; unique within the project, ignoring case.
             * @example Reports
             */
            displayName: string;
            /**
             * Format: int32
             * @description How many flows of the project are in the folder now.
             */
            numberOfFlows: number;
        };
        /**
         * FolderPage
         * @description A page of folders. Follow `next` until it is `null` to read them all.
         */
        FolderPage: {
            /** @description The folders of this page, by `displayName` ignoring case (then by `id`); empty when there are none. */
            data: components["schemas"]["Folder"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * FolderName
         * @description Name of a folder (1–255 characters, no control characters). Unique within its project, ignoring case (`Reports` and `reports` are one name; letters beyond ASCII too, compared in Unicode normal form C).
         */
        FolderName: string;
        /**
         * FolderCreateRequest
         * @description A new folder of a project.
         */
        FolderCreateRequest: {
            /** @description The project to make the folder in (404 when it is not a project of your platform). */
            projectId: components["schemas"]["Id"];
            displayName: components["schemas"]["FolderName"];
        };
        /**
         * FolderUpdateRequest
         * @description A folder's new name.
         */
        FolderUpdateRequest: {
            displayName: components["schemas"]["FolderName"];
        };
        /**
         * @description `QUEUED` and `RUNNING` are in progress; `PAUSED` waits for a delay or an approval; the others are final:
         *     `SUCCEEDED`, `FAILED` (a step failed), `QUOTA_EXCEEDED`, `INTERNAL_ERROR`, `MEMORY_LIMIT_EXCEEDED`, `TIMEOUT`, `CANCELED`.
         * @enum {string}
         */
        FlowRunStatus: "QUEUED" | "RUNNING" | "PAUSED" | "SUCCEEDED" | "FAILED" | "QUOTA_EXCEEDED" | "INTERNAL_ERROR" | "MEMORY_LIMIT_EXCEEDED" | "TIMEOUT" | "CANCELED";
        /**
         * FlowRunFlowVersion
         * @description The version the run executed.
         */
        FlowRunFlowVersion: {
            /** @description Name of the flow in the version the run executed. */
            displayName: string;
        };
        /**
         * @description `PRODUCTION` runs are started by the published flow; `TESTING` runs by the builder.
         * @enum {string}
         */
        FlowRunEnvironment: "PRODUCTION" | "TESTING";
        /**
         * FlowRunSummary
         * @description One execution of a flow, as listed (without `steps`; read one run for them).
         */
        FlowRunSummary: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            projectId: components["schemas"]["Id"];
            flowId: components["schemas"]["Id"];
            /** @description The run that started this one as a sub-flow; absent for top-level runs. */
            parentRunId?: components["schemas"]["Id"];
            /** @description Whether the parent run fails when this run fails. */
            failParentOnFailure: boolean;
            /** @description Labels attached to the run (filter with `tags`). */
            tags?: string[];
            flowVersionId: components["schemas"]["Id"];
            flowVersion?: components["schemas"]["FlowRunFlowVersion"];
            /** @description File holding the run's full log; `null` when none was kept. */
            logsFileId?: string | null;
            /**
             * Format: int32
             * @description Steps executed, as counted against the plan's task quota.
             */
            tasks?: number;
            status: components["schemas"]["FlowRunStatus"];
            /**
             * Format: int64
             * @description Run time in milliseconds; absent while the run is in progress.
             */
            duration?: number;
            startTime: components["schemas"]["Timestamp"];
            /** @description Absent while the run is in progress. */
            finishTime?: components["schemas"]["Timestamp"];
            environment: components["schemas"]["FlowRunEnvironment"];
            /** @description The step that failed; present only for `FAILED` runs. */
            failedStepName?: string;
            /** @description When the run was archived (`archiveFlowRuns`); absent while it is not. An archived run leaves `listFlowRuns` unless `includeArchived` is given. */
            archivedAt?: components["schemas"]["Timestamp"];
            /** @description The single step a test run executed. */
            stepNameToTest?: string;
        };
        /**
         * FlowRunPage
         * @description A page of flow runs (without `steps`). Follow `next` until it is `null` to read them all.
         */
        FlowRunPage: {
            /** @description The runs of this page, newest first, without their step outputs; empty when there are none. */
            data: components["schemas"]["FlowRunSummary"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * FlowRunCreateRequest
         * @description A run an engine starts recording, in the run's own field names. Its project is the flow's.
         */
        FlowRunCreateRequest: {
            /** @description The flow that runs (a flow of a project the key may reach; else a 404). */
            flowId: components["schemas"]["Id"];
            /** @description The version of that flow that runs (a version of another flow is a 404, as an unknown one). */
            flowVersionId: components["schemas"]["Id"];
            /**
             * @description `QUEUED` or `RUNNING`: a run is recorded when it starts; its end comes with `updateFlowRun`.
             * @enum {string}
             */
            status: "QUEUED" | "RUNNING";
            /** @description When the run started (or was queued), RFC 3339 in UTC. */
            startTime: components["schemas"]["Timestamp"];
            /** @description Labels of the run (filter with `tags`); none when omitted. Duplicates are kept once. */
            tags?: string[];
            /** @description The run that started this one as a sub-flow (a run of the same project; else a 404); absent for a top-level run. */
            parentRunId?: components["schemas"]["Id"];
            /** @description `TESTING` for a test run. When omitted: `PRODUCTION` for a published (`LOCKED`) version, `TESTING` for a `DRAFT`; `PRODUCTION` with a draft is a `400` (a draft is tested, not run in production). */
            environment?: components["schemas"]["FlowRunEnvironment"];
        };
        /**
         * FlowRun
         * @description One execution of a flow, with the output of its steps.
         */
        FlowRun: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            projectId: components["schemas"]["Id"];
            flowId: components["schemas"]["Id"];
            /** @description The run that started this one as a sub-flow; absent for top-level runs. */
            parentRunId?: components["schemas"]["Id"];
            /** @description Whether the parent run fails when this run fails. */
            failParentOnFailure: boolean;
            /** @description Labels attached to the run (filter with `tags`). */
            tags?: string[];
            flowVersionId: components["schemas"]["Id"];
            flowVersion?: components["schemas"]["FlowRunFlowVersion"];
            /** @description File holding the run's full log; `null` when none was kept. */
            logsFileId?: string | null;
            /**
             * Format: int32
             * @description Steps executed, as counted against the plan's task quota.
             */
            tasks?: number;
            status: components["schemas"]["FlowRunStatus"];
            /**
             * Format: int64
             * @description Run time in milliseconds; absent while the run is in progress.
             */
            duration?: number;
            startTime: components["schemas"]["Timestamp"];
            /** @description Absent while the run is in progress. */
            finishTime?: components["schemas"]["Timestamp"];
            environment: components["schemas"]["FlowRunEnvironment"];
            /** @description Output of each executed step, keyed by step name (free-form; its inner fields are not part of this contract). `null` when the run's log was not kept. */
            steps?: {
                [key: string]: unknown;
            } | null;
            /** @description The step that failed; present only for `FAILED` runs. */
            failedStepName?: string;
            /** @description When the run was archived (`archiveFlowRuns`); absent while it is not. An archived run leaves `listFlowRuns` unless `includeArchived` is given. */
            archivedAt?: components["schemas"]["Timestamp"];
            /** @description The single step a test run executed. */
            stepNameToTest?: string;
        };
        /**
         * FlowRunLeaseToken
         * @description An engine's lease of a run, opaque (43 characters of `A-Za-z0-9_-`). Presented with `heartbeatFlowRun` and `updateFlowRun`; a new lease of the run (after this one expired) supersedes it.
         * @example Lq3vX9mT2kR7wN4pB8yZ1cF6hJ0sD5gA3eU7iO2lK9t
         */
        FlowRunLeaseToken: string;
        /**
         * FlowRunWebhookResponse
         * @description The answer to the webhook request that started the run, for a caller waiting on `/v1/webhooks/{flowId}/sync` (what the reference product's Return Response step gives). Recorded once; a later one is a `409`. A caller that did not wait, or waits no more, never sees it.
         */
        FlowRunWebhookResponse: {
            /**
             * Format: int32
             * @description The HTTP status the caller gets.
             */
            status: number;
            /** @description Headers the caller gets, by name (`Content-Type` among them; the connection's own, `Content-Length`, `Transfer-Encoding`, `Connection`, `Keep-Alive`, `Upgrade`, `TE` and `Trailer`, are a `400`). */
            headers?: {
                [key: string]: string;
            };
            /** @description The body: a string is sent as it is (as `text/plain; charset=utf-8` unless `headers` name a `Content-Type`), anything else as JSON. Absent: no body. The whole answer is at most 512 KiB as compact JSON (a `400` naming `/response`). */
            body?: unknown;
        };
        /**
         * FlowRunUpdateRequest
         * @description What the engine learned about a run since it was recorded, in the run's own field names; only the fields sent change. `{}` changes nothing and returns the run.
         */
        FlowRunUpdateRequest: {
            /** @description The run's new status. Forward only: `QUEUED` → `RUNNING` or `PAUSED` → a final status; `RUNNING` and `PAUSED` may alternate. A final status (`SUCCEEDED`, `FAILED`, `QUOTA_EXCEEDED`, `INTERNAL_ERROR`, `MEMORY_LIMIT_EXCEEDED`, `TIMEOUT`, `CANCELED`) is final: a later change is a 409. */
            status?: components["schemas"]["FlowRunStatus"];
            /** @description When the run ended; not before its `startTime` (a 400). With a final status and no `finishTime`, the time of this request. */
            finishTime?: components["schemas"]["Timestamp"];
            /** @description The step that failed (for a `FAILED` run). */
            failedStepName?: string;
            /** @description Output of each executed step, keyed by step name (free-form); replaces what was stored. At most 512 KiB (524,288 bytes) as compact JSON in UTF-8: larger is a `400 VALIDATION` naming `/steps` and the limit. */
            steps?: {
                [key: string]: unknown;
            };
            /**
             * Format: int64
             * @description Run time in milliseconds. With a final status and no `duration`, `finishTime` minus `startTime`.
             */
            duration?: number;
            /**
             * Format: int32
             * @description Steps executed, as counted against the plan's task quota.
             */
            tasks?: number;
            /** @description The lease of the engine that leased the run (`leaseFlowRuns`): required for a leased run, and a `409 FLOW_RUN_LEASE_CONFLICT` when it expired or was superseded. A final status or `PAUSED` ends the lease. */
            leaseToken?: components["schemas"]["FlowRunLeaseToken"];
            /** @description With `PAUSED`: when the run is offered to engines again (`leaseFlowRuns`), a run its engine recorded itself too. Without it a paused run waits until it is updated or cancelled. */
            resumeAt?: components["schemas"]["Timestamp"];
            /** @description The answer to the webhook request that started the run, for a caller waiting on `/v1/webhooks/{flowId}/sync`: given once, by the engine holding the run's lease, at any point of the run (a second one is a `409 FLOW_RUN_STATUS_CONFLICT`). A run no engine leased has no caller to answer: a `400`. */
            response?: components["schemas"]["FlowRunWebhookResponse"];
        };
        /**
         * FlowRunJobType
         * @description A kind of job an engine takes from the run queue: `FLOW`, a run of a flow's version; `PIECE`, a one-action job of an MCP `PIECE` tool.
         * @enum {string}
         */
        FlowRunJobType: "FLOW" | "PIECE";
        /**
         * FlowRunLeaseRequest
         * @description How much work an engine asks for, and for how long it holds what it gets.
         */
        FlowRunLeaseRequest: {
            /**
             * Format: int32
             * @description At most this many runs (1 when left out).
             */
            limit?: number;
            /**
             * Format: int32
             * @description When no run is due, wait up to this many seconds for one before answering an empty `data` (0 when left out: answer at once).
             */
            waitSeconds?: number;
            /**
             * Format: int32
             * @description How long each lease lasts unless extended by `heartbeatFlowRun` (60 when left out).
             */
            leaseSeconds?: number;
            /** @description The kinds of job this engine executes (`FLOW` when left out, so an engine that does not ask is never handed anything else): `FLOW`, runs of a flow's version; `PIECE`, one action of a piece an MCP client called through a `PIECE` tool (the lease's `pieceJob`). */
            jobTypes?: components["schemas"]["FlowRunJobType"][];
        };
        /**
         * FlowRunPayload
         * @description What started the run, handed to the engine that leases it as the trigger's output (free-form): the body of `queueFlowRun`. At most 512 KiB (524,288 bytes) as compact JSON in UTF-8: larger is a `400 VALIDATION` naming `/payload`.
         */
        FlowRunPayload: {
            [key: string]: unknown;
        };
        /**
         * FlowRunLeaseGrant
         * @description The lease an engine holds on a run.
         */
        FlowRunLeaseGrant: {
            token: components["schemas"]["FlowRunLeaseToken"];
            /** @description When the lease ends unless extended: then the run is `QUEUED` again (its attempt counted), or ends `INTERNAL_ERROR` once it has had its attempts. */
            expiresAt: components["schemas"]["Timestamp"];
        };
        /**
         * FlowRunPieceJob
         * @description A one-action job: what an MCP client's call of a `PIECE` tool asks the engine to execute, in
         *     place of the run's flow version. The engine runs `actionName` of the piece with `input`,
         *     authenticated with the connection named (its value through `getAppConnectionValue`), and ends
         *     the run with `updateFlowRun`: `SUCCEEDED` with the action's output as `response.body`
         *     (`response.status` 200), or `FAILED` with `failedStepName` the action's name and its
         *     `errorMessage` in `steps`.
         */
        FlowRunPieceJob: {
            /** @description The MCP server whose tool was called. */
            mcpServerId: components["schemas"]["Id"];
            /**
             * @description Package name of the piece.
             * @example @activepieces/piece-slack
             */
            pieceName: string;
            /**
             * @description Semver range of the piece, as the tool names it.
             * @example ~0.10.2
             */
            pieceVersion: string;
            /**
             * @description The action to execute.
             * @example send_channel_message
             */
            actionName: string;
            /** @description The action's input, the call's arguments as the client sent them (free-form; at most a run payload's size). */
            input: {
                [key: string]: unknown;
            };
            /** @description External id of the app connection the action authenticates with; absent when the tool names none. */
            connectionExternalId?: string;
        };
        /**
         * FlowRunLease
         * @description A run an engine leased, with what executing it needs.
         */
        FlowRunLease: {
            /** @description The run, now `RUNNING`, its `startTime` this lease's. */
            run: components["schemas"]["FlowRun"];
            /** @description The version the run executes (for a `PIECE` job, the version of the project's `mcp-piece-tools` flow that holds such runs, which has no step: execute `pieceJob` instead): its definition, and in `connectionIds` the connections its steps name (their values through `getAppConnectionValue`). */
            flowVersion: components["schemas"]["FlowVersion"];
            /** @description What started the run (the trigger's output), `null` when nothing was given. */
            payload: components["schemas"]["FlowRunPayload"] | null;
            /**
             * Format: int32
             * @description Which attempt this lease is, from 1; a lease that expired counts.
             */
            attempt: number;
            lease: components["schemas"]["FlowRunLeaseGrant"];
            /** @description Present only for a `PIECE` job (leased only by an engine that asked for `PIECE` in `jobTypes`): the one action to execute instead of `flowVersion`. */
            pieceJob?: components["schemas"]["FlowRunPieceJob"];
        };
        /**
         * FlowRunLeasePage
         * @description The runs leased, oldest due first; empty when none was due within `waitSeconds`.
         */
        FlowRunLeasePage: {
            /** @description The runs leased to this engine, each with its lease. */
            data: components["schemas"]["FlowRunLease"][];
        };
        /**
         * FlowRunHeartbeatRequest
         * @description An engine still working on a run it leased.
         */
        FlowRunHeartbeatRequest: {
            leaseToken: components["schemas"]["FlowRunLeaseToken"];
            /**
             * Format: int32
             * @description The lease now ends this many seconds from now (60 when left out).
             */
            leaseSeconds?: number;
        };
        /**
         * FlowRunHeartbeat
         * @description The extended lease, and whether the engine should stop.
         */
        FlowRunHeartbeat: {
            /** @description When the lease now ends. */
            expiresAt: components["schemas"]["Timestamp"];
            /** @description `true` once someone asked to cancel the run (`cancelFlowRuns`): stop, and end it `CANCELED` with `updateFlowRun`. */
            cancelRequested: boolean;
        };
        /**
         * FlowRunQueueRequest
         * @description A run of a flow's published version, to be leased by an engine.
         */
        FlowRunQueueRequest: {
            /** @description The flow to run (a flow of a project the key may reach; else a 404). It must be published (else a `409 FLOW_OPERATION_INVALID`); it need not be enabled. */
            flowId: components["schemas"]["Id"];
            payload?: components["schemas"]["FlowRunPayload"];
        };
        /**
         * FlowRunRetryStrategy
         * @description `FROM_FAILED_STEP`: the same version again, the engine told which step failed (`run.failedStepName` of the lease); `ON_LATEST_VERSION`: the flow's published version now.
         * @enum {string}
         */
        FlowRunRetryStrategy: "FROM_FAILED_STEP" | "ON_LATEST_VERSION";
        /**
         * FlowRunRetryRequest
         * @description How to run a finished run again, in the reference product's shape.
         */
        FlowRunRetryRequest: {
            strategy: components["schemas"]["FlowRunRetryStrategy"];
            /** @description The run's project, as the reference product's clients send it (its `RetryFlowRequestBody`); another project than the run's is a 404, as an unknown run. */
            projectId?: components["schemas"]["Id"];
        };
        /**
         * FlowRunCancelRequest
         * @description The runs of a project to cancel, in the reference product's filter shape: the runs of `flowRunIds` (or every run of the project when left out), but those of `excludeFlowRunIds`, narrowed by the other filters (AND). Only `QUEUED`, `PAUSED` and `RUNNING` runs are cancelled; at most 1,000 a call (`hasMore` tells there are more).
         */
        FlowRunCancelRequest: {
            /** @description The project whose runs are cancelled. */
            projectId: components["schemas"]["Id"];
            /** @description Only these runs (every run of the project when left out). */
            flowRunIds?: components["schemas"]["Id"][];
            /** @description Not these runs. */
            excludeFlowRunIds?: components["schemas"]["Id"][];
            /** @description Only runs in these statuses (of `QUEUED`, `PAUSED`, `RUNNING`). */
            status?: ("QUEUED" | "PAUSED" | "RUNNING")[];
            /** @description Only runs of these flows. */
            flowId?: components["schemas"]["Id"][];
            /** @description Only runs created at or after this time. */
            createdAfter?: components["schemas"]["Timestamp"];
            /** @description Only runs created before this time. */
            createdBefore?: components["schemas"]["Timestamp"];
        };
        /**
         * FlowRunCancelResult
         * @description What the call did.
         */
        FlowRunCancelResult: {
            /** @description Runs that were `QUEUED` or `PAUSED`, now `CANCELED` (each with its `flow_run.canceled` event). */
            canceled: components["schemas"]["Id"][];
            /** @description `RUNNING` runs whose engine is told to stop on its next heartbeat; it ends them. */
            cancelRequested: components["schemas"]["Id"][];
            /** @description More runs matched than one call cancels; call again. */
            hasMore: boolean;
        };
        /**
         * FlowRunBulkRetryRequest
         * @description The runs of a project to queue again, in the reference product's filter shape (its `BulkActionOnRunsRequestBody`), among the project's `PRODUCTION` runs (those `listFlowRuns` lists): the runs of `flowRunIds` (or every run of the project when left out), but those of `excludeFlowRunIds`, narrowed by the other filters (AND). Only runs in a final status are retried, each as `retryFlowRun` retries one; at most 1,000 a call (`hasMore` tells there are more).
         */
        FlowRunBulkRetryRequest: {
            /** @description The project whose runs are retried. */
            projectId: components["schemas"]["Id"];
            strategy: components["schemas"]["FlowRunRetryStrategy"];
            /** @description Only these runs (every run of the project when left out). */
            flowRunIds?: components["schemas"]["Id"][];
            /** @description Not these runs. */
            excludeFlowRunIds?: components["schemas"]["Id"][];
            /** @description Only runs in these statuses (final ones; every final status when left out). */
            status?: ("SUCCEEDED" | "FAILED" | "QUOTA_EXCEEDED" | "INTERNAL_ERROR" | "MEMORY_LIMIT_EXCEEDED" | "TIMEOUT" | "CANCELED")[];
            /** @description Only runs of these flows. */
            flowId?: components["schemas"]["Id"][];
            /** @description Only runs created at or after this time. */
            createdAfter?: components["schemas"]["Timestamp"];
            /** @description Only runs created before this time. */
            createdBefore?: components["schemas"]["Timestamp"];
            /** @description Only runs that failed at the step of this name. */
            failedStepName?: string;
        };
        /**
         * FlowRunBulkRetryResult
         * @description What the call did.
         */
        FlowRunBulkRetryResult: {
            /** @description Runs queued again (each now `QUEUED`, with its `flow_run.retried` event), oldest first. */
            retried: components["schemas"]["Id"][];
            /** @description More runs matched than one call retries; call again. */
            hasMore: boolean;
        };
        /**
         * FlowRunArchiveRequest
         * @description The runs of a project to archive, in the reference product's filter shape (its `BulkArchiveActionOnRunsRequestBody`), among the project's `PRODUCTION` runs (those `listFlowRuns` lists): the runs of `flowRunIds` (or every run of the project when left out), but those of `excludeFlowRunIds`, narrowed by the other filters (AND). Runs already archived are left out; at most 1,000 a call (`hasMore` tells there are more).
         */
        FlowRunArchiveRequest: {
            /** @description The project whose runs are archived. */
            projectId: components["schemas"]["Id"];
            /** @description Only these runs (every run of the project when left out). */
            flowRunIds?: components["schemas"]["Id"][];
            /** @description Not these runs. */
            excludeFlowRunIds?: components["schemas"]["Id"][];
            /** @description Only runs in these statuses. */
            status?: components["schemas"]["FlowRunStatus"][];
            /** @description Only runs of these flows. */
            flowId?: components["schemas"]["Id"][];
            /** @description Only runs created at or after this time. */
            createdAfter?: components["schemas"]["Timestamp"];
            /** @description Only runs created before this time. */
            createdBefore?: components["schemas"]["Timestamp"];
            /** @description Only runs that failed at the step of this name. */
            failedStepName?: string;
        };
        /**
         * FlowRunArchiveResult
         * @description What the call did.
         */
        FlowRunArchiveResult: {
            /** @description Runs now archived (each with its `archivedAt` and its `flow_run.archived` event), oldest first. */
            archived: components["schemas"]["Id"][];
            /** @description More runs matched than one call archives; call again. */
            hasMore: boolean;
        };
        /**
         * FlowWebhookAccepted
         * @description The answer to a webhook request whose run was queued: an empty object, as the reference product answers. The run's id is in the `X-Flow-Run-Id` header.
         */
        FlowWebhookAccepted: Record<string, never>;
        /**
         * FlowWebhookFormBody
         * @description A form (`application/x-www-form-urlencoded`) sent to a flow's webhook, read as the query string is: each name once, or with every value in order when repeated. It reaches the run's payload as an object.
         */
        FlowWebhookFormBody: {
            [key: string]: string | string[];
        };
        /**
         * @description `PROJECT` connections belong to their projects; `PLATFORM` connections are shared by the platform with the listed projects.
         * @enum {string}
         */
        AppConnectionScope: "PROJECT" | "PLATFORM";
        /**
         * @description `ACTIVE` works; `MISSING` lacks a credential; `ERROR` failed its last refresh or check.
         * @enum {string}
         */
        AppConnectionStatus: "ACTIVE" | "MISSING" | "ERROR";
        /**
         * @description How the connection authenticates with the external app.
         * @enum {string}
         */
        AppConnectionType: "OAUTH2" | "PLATFORM_OAUTH2" | "CLOUD_OAUTH2" | "SECRET_TEXT" | "BASIC_AUTH" | "CUSTOM_AUTH" | "NO_AUTH";
        /**
         * @description Whether a user may sign in: `ACTIVE`, or `INACTIVE` (deactivated by an admin).
         * @enum {string}
         */
        UserStatus: "ACTIVE" | "INACTIVE";
        /**
         * @description `ADMIN` manages the platform; `MEMBER` works in the projects they belong to; `OPERATOR` manages projects but not the platform.
         * @enum {string}
         */
        PlatformRole: "ADMIN" | "MEMBER" | "OPERATOR";
        /**
         * AppConnectionOwner
         * @description The user who made the connection.
         */
        AppConnectionOwner: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /**
             * Format: email
             * @description Email address of the user who owns the connection.
             */
            email: string;
            /** @description First name of the owner. */
            firstName: string;
            /** @description Last name of the owner. */
            lastName: string;
            status: components["schemas"]["UserStatus"];
            platformRole: components["schemas"]["PlatformRole"];
            /** @description Your own id of the owner (as set when the user was provisioned). */
            externalId: string;
            platformId: components["schemas"]["Id"];
            lastActiveDate: components["schemas"]["Timestamp"];
            /** @description When the user last dismissed the changelog (their creation time until then). */
            lastChangelogDismissed: components["schemas"]["Timestamp"];
        };
        /**
         * AppConnection
         * @description Credentials for an external app, tied to a piece. The secret value is stored encrypted and is never returned.
         */
        AppConnection: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /**
             * @description Id that flows use to refer to the connection (stable across projects).
             * @example slack-sales
             */
            externalId: string;
            /**
             * @description Name of the connection shown to people.
             * @example Slack (sales workspace)
             */
            displayName: string;
            type: components["schemas"]["AppConnectionType"];
            /**
             * @description Package name of the piece the connection authenticates, e.g. `@activepieces/piece-slack`.
             * @example @activepieces/piece-slack
             */
            pieceName: string;
            /** @description Projects that can use the connection. */
            projectIds: components["schemas"]["Id"][];
            platformId: components["schemas"]["Id"];
            scope: components["schemas"]["AppConnectionScope"];
            status: components["schemas"]["AppConnectionStatus"];
            ownerId: components["schemas"]["Id"];
            owner: components["schemas"]["AppConnectionOwner"];
            /** @description Free-form JSON owned by the client. */
            metadata: {
                [key: string]: unknown;
            };
            /** @description Flows whose latest version uses the connection. */
            flowIds: components["schemas"]["Id"][];
        };
        /**
         * AppConnectionPage
         * @description A page of app connections. Follow `next` until it is `null` to read them all.
         */
        AppConnectionPage: {
            /** @description The app connections of this page, oldest first; empty when there are none. */
            data: components["schemas"]["AppConnection"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * AppConnectionSecretTextValue
         * @description `SECRET_TEXT`: one secret (an API key, a token).
         */
        AppConnectionSecretTextValue: {
            /**
             * @description `SECRET_TEXT`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "SECRET_TEXT";
            /**
             * @description The secret.
             * @example sk-live-0123456789
             */
            secret_text: string;
        };
        /**
         * AppConnectionBasicAuthValue
         * @description `BASIC_AUTH`: a user name and a password.
         */
        AppConnectionBasicAuthValue: {
            /**
             * @description `BASIC_AUTH`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "BASIC_AUTH";
            /**
             * @description The user name.
             * @example reports@example.com
             */
            username: string;
            /**
             * @description The password.
             * @example correct-horse-battery-staple
             */
            password: string;
        };
        /**
         * AppConnectionCustomAuthValue
         * @description `CUSTOM_AUTH`: the properties the piece's custom authentication asks for.
         */
        AppConnectionCustomAuthValue: {
            /**
             * @description `CUSTOM_AUTH`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "CUSTOM_AUTH";
            /**
             * @description The properties, free-form JSON (the whole value at most 64 KiB).
             * @example {
             *       "host": "db.example.com",
             *       "database": "sales"
             *     }
             */
            props: {
                [key: string]: unknown;
            };
        };
        /**
         * AppConnectionNoAuthValue
         * @description `NO_AUTH`: nothing to keep.
         */
        AppConnectionNoAuthValue: {
            /**
             * @description `NO_AUTH`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "NO_AUTH";
        };
        /**
         * AppConnectionOAuth2Value
         * @description `OAUTH2`, as tokens already obtained from the provider (`access_token` is required). A body with an authorization `code` (Activepieces' shape before the exchange) is a `400` naming `/value/code`: this service does not exchange codes with providers.
         */
        AppConnectionOAuth2Value: {
            /**
             * @description `OAUTH2`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "OAUTH2";
            /**
             * @description The access token (required unless the body is refused for its `code`).
             * @example ya29.a0AfB_byC
             */
            access_token?: string;
            /** @description The refresh token. */
            refresh_token?: string;
            /**
             * Format: int64
             * @description Seconds the access token lived for when it was obtained.
             */
            expires_in?: number;
            /**
             * Format: int64
             * @description When the token was obtained, in seconds since the epoch.
             */
            claimed_at?: number;
            /** @description The token type, usually `Bearer`. */
            token_type?: string;
            /** @description The provider's token endpoint, to refresh the token. */
            token_url?: string;
            /** @description The scopes granted. */
            scope?: string;
            /** @description The OAuth2 client id. */
            client_id?: string;
            /** @description The OAuth2 client secret, to refresh the token. */
            client_secret?: string;
            /** @description The redirect URL the tokens were issued for. */
            redirect_url?: string;
            /**
             * @description How the client authenticates to the token endpoint.
             * @enum {string}
             */
            authorization_method?: "HEADER" | "BODY";
            /**
             * @description The grant the tokens came from.
             * @enum {string}
             */
            grant_type?: "authorization_code" | "client_credentials";
            /** @description Anything else the provider answered with the tokens. */
            data?: {
                [key: string]: unknown;
            };
            /** @description Properties of the piece's OAuth2 authentication. */
            props?: {
                [key: string]: unknown;
            };
            /** @description An authorization code. Always refused (a `400` naming `/value/code`); send the tokens instead. */
            code?: string;
            /** @description The PKCE challenge of a code; refused with the code. */
            code_challenge?: string;
        };
        /**
         * AppConnectionCloudOAuth2Value
         * @description `CLOUD_OAUTH2`, as Activepieces accepts it: an authorization code for the provider to exchange. This service does not talk to providers: every such body is a `400` naming `/value/code`. Store the tokens as `OAUTH2`.
         */
        AppConnectionCloudOAuth2Value: {
            /**
             * @description `CLOUD_OAUTH2`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "CLOUD_OAUTH2";
            /** @description The OAuth2 client id. */
            client_id: string;
            /** @description An authorization code to exchange with the provider. Always refused (a `400` naming `/value/code`) as this service does not exchange codes. */
            code: string;
            /** @description The PKCE challenge of the code. */
            code_challenge?: string;
            /** @description The scopes asked for. */
            scope: string;
            /**
             * @description How the client authenticates to the token endpoint.
             * @enum {string}
             */
            authorization_method?: "HEADER" | "BODY";
            /** @description Properties of the piece's OAuth2 authentication. */
            props?: {
                [key: string]: unknown;
            };
        };
        /**
         * AppConnectionPlatformOAuth2Value
         * @description `PLATFORM_OAUTH2`, as Activepieces accepts it: an authorization code for the provider to exchange. This service does not talk to providers: every such body is a `400` naming `/value/code`. Store the tokens as `OAUTH2`.
         */
        AppConnectionPlatformOAuth2Value: {
            /**
             * @description `PLATFORM_OAUTH2`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PLATFORM_OAUTH2";
            /** @description The OAuth2 client id. */
            client_id: string;
            /** @description An authorization code to exchange with the provider. Always refused (a `400` naming `/value/code`) as this service does not exchange codes. */
            code: string;
            /** @description The PKCE challenge of the code. */
            code_challenge?: string;
            /** @description The scopes asked for. */
            scope: string;
            /**
             * @description How the client authenticates to the token endpoint.
             * @enum {string}
             */
            authorization_method?: "HEADER" | "BODY";
            /** @description Properties of the piece's OAuth2 authentication. */
            props?: {
                [key: string]: unknown;
            };
            /** @description The redirect URL the code was issued for. */
            redirect_url: string;
        };
        /**
         * AppConnectionValue
         * @description The credential of a connection, a `oneOf` on `type` (which must be the connection's `type`). Sealed at rest; only `getAppConnectionValue` ever returns it.
         */
        AppConnectionValue: components["schemas"]["AppConnectionSecretTextValue"] | components["schemas"]["AppConnectionBasicAuthValue"] | components["schemas"]["AppConnectionCustomAuthValue"] | components["schemas"]["AppConnectionNoAuthValue"] | components["schemas"]["AppConnectionOAuth2Value"] | components["schemas"]["AppConnectionCloudOAuth2Value"] | components["schemas"]["AppConnectionPlatformOAuth2Value"];
        /**
         * AppConnectionUpsertRequest
         * @description An app connection to store, in Activepieces' `UpsertAppConnectionRequestBody` shape: the connection
         *     of `projectId` with this `externalId` is replaced when there is one, made otherwise. `value` is the
         *     credential, its shape chosen by its own `type`, which must be the body's `type`. OAuth2 is given as
         *     tokens already obtained: a `code` (an authorization code still to exchange with the provider, and
         *     every `CLOUD_OAUTH2` or `PLATFORM_OAUTH2` body) is a `400` naming `/value/code`, as this service does
         *     not talk to providers.
         */
        AppConnectionUpsertRequest: {
            /**
             * @description Id that flows use to refer to the connection (`{{connections['externalId']}}`); unique within the project.
             * @example slack-sales
             */
            externalId: string;
            /**
             * @description Name of the connection shown to people.
             * @example Slack (sales workspace)
             */
            displayName: string;
            /**
             * @description Package name of the piece the connection authenticates, e.g. `@activepieces/piece-slack`.
             * @example @activepieces/piece-slack
             */
            pieceName: string;
            /**
             * @description Version of the piece (accepted as Activepieces accepts it; not stored).
             * @example 0.9.1
             */
            pieceVersion?: string;
            /** @description The project the connection belongs to (a project of the key's platform, and of its projects when it is limited to some). */
            projectId: components["schemas"]["Id"];
            /** @description Free-form JSON owned by the client; when absent, a new connection has `{}` and a replaced one keeps its own. */
            metadata?: components["schemas"]["Metadata"];
            type: components["schemas"]["AppConnectionType"];
            value: components["schemas"]["AppConnectionValue"];
        };
        /**
         * AppConnectionUpdateRequest
         * @description A connection's new name and, when given, its new metadata (Activepieces' `UpdateConnectionValueRequestBody`).
         */
        AppConnectionUpdateRequest: {
            /**
             * @description Name of the connection shown to people.
             * @example Slack (sales
             * @example EU workspace)
             */
            displayName: string;
            /** @description Replaces the stored metadata when given; kept when absent. */
            metadata?: components["schemas"]["Metadata"];
        };
        /**
         * AppConnectionWithValue
         * @description A connection with its credential, for an engine that runs a flow using it (`getAppConnectionValue` only).
         */
        AppConnectionWithValue: {
            id: components["schemas"]["Id"];
            /** @description Id that flows use to refer to the connection. */
            externalId: string;
            /** @description Package name of the piece the connection authenticates. */
            pieceName: string;
            type: components["schemas"]["AppConnectionType"];
            /** @description The projects of the connection the key may reach. */
            projectIds: components["schemas"]["Id"][];
            /** @description The credential as it was stored: for a connection stored with `upsertAppConnection`, an `AppConnectionValue` of its `type` (connections made by the command line or the demo data hold any JSON object). */
            value: {
                [key: string]: unknown;
            };
        };
        /**
         * @description `TEAM` projects are shared; `PERSONAL` projects belong to one user.
         * @enum {string}
         */
        ProjectType: "TEAM" | "PERSONAL";
        /**
         * @description Colour of the project's icon; chosen at random when the project is created.
         * @enum {string}
         */
        ProjectIconColor: "RED" | "BLUE" | "YELLOW" | "PURPLE" | "GREEN" | "PINK" | "VIOLET" | "ORANGE" | "DARK_GREEN" | "CYAN" | "LAVENDER" | "DEEP_ORANGE";
        /**
         * ProjectIcon
         * @description How the project is shown in lists: its colour.
         */
        ProjectIcon: {
            color: components["schemas"]["ProjectIconColor"];
        };
        /**
         * @description `NONE`: every piece may be used. `ALLOWED`: only the pieces in `pieces`.
         * @enum {string}
         */
        PiecesFilterType: "NONE" | "ALLOWED";
        /**
         * ProjectPlan
         * @description The project's plan, which pieces its flows may use.
         */
        ProjectPlan: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            projectId: components["schemas"]["Id"];
            /** @description Whether the plan is locked against changes by project members. */
            locked: boolean;
            /**
             * @description Name of the plan; `default` for the plan every project gets.
             * @example default
             */
            name: string;
            piecesFilterType: components["schemas"]["PiecesFilterType"];
            /** @description Piece names the filter refers to. */
            pieces: string[];
        };
        /**
         * ProjectAnalytics
         * @description Counts computed when the project is read.
         */
        ProjectAnalytics: {
            /**
             * Format: int32
             * @description Users of the project's platform.
             */
            totalUsers: number;
            /**
             * Format: int32
             * @description Users of the platform whose status is `ACTIVE`.
             */
            activeUsers: number;
            /**
             * Format: int32
             * @description Flows of the project.
             */
            totalFlows: number;
            /**
             * Format: int32
             * @description Flows of the project whose status is `ENABLED`.
             */
            activeFlows: number;
        };
        /**
         * Project
         * @description A project groups flows, connections and the MCP server of a team.
         */
        Project: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /** @description The user who owns the project (the platform admin for projects made with an API key). */
            ownerId: components["schemas"]["Id"];
            /**
             * @description Name of the project shown to people.
             * @example Sales operations
             */
            displayName: string;
            platformId: components["schemas"]["Id"];
            type: components["schemas"]["ProjectType"];
            icon: components["schemas"]["ProjectIcon"];
            /** @description Whether git-based releases are enabled for the project. */
            releasesEnabled: boolean;
            plan: components["schemas"]["ProjectPlan"];
            analytics: components["schemas"]["ProjectAnalytics"];
            /**
             * Format: int32
             * @description How many of the project's runs may execute at once.
             */
            maxConcurrentJobs: number;
            /** @description The client's own id of the project, unique within the platform; a new id of the form of the record ids when none was given at creation. */
            externalId: string;
            /** @description Free-form JSON owned by the client; `{}` when none was given. */
            metadata: {
                [key: string]: unknown;
            };
        };
        /**
         * ProjectPage
         * @description A page of projects. Follow `next` until it is `null` to read them all.
         */
        ProjectPage: {
            /** @description The projects of this page, by `type`, `displayName`, then `id`; empty when there are none. */
            data: components["schemas"]["Project"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * ProjectCreateRequest
         * @description A new `TEAM` project.
         */
        ProjectCreateRequest: {
            /** @description Name of the project shown to people (1–255 characters). */
            displayName: string;
            /** @description Your own id of the project, unique within the platform (409 otherwise). Stored in Unicode normal form C (NFC), so either form of one text is one id; white space is kept. A `400` when its NFC form is longer than 255 characters. A new id of the form of the record ids when omitted or `null`. */
            externalId?: string | null;
            /** @description Free-form JSON object owned by the client (at most 100 keys and 64 KiB, 65,536 bytes, as compact JSON in UTF-8). `{}` when omitted or `null`. */
            metadata?: components["schemas"]["Metadata"] | null;
            /**
             * Format: int32
             * @description How many of the project's runs may execute at once. 100 when omitted or `null`.
             */
            maxConcurrentJobs?: number | null;
        };
        /**
         * ProjectPlanUpdate
         * @description Changes to the plan; fields left out keep their value.
         */
        ProjectPlanUpdate: {
            /** @description Replaces the whole list of piece names. */
            pieces?: string[];
            piecesFilterType?: components["schemas"]["PiecesFilterType"];
        };
        /**
         * ProjectUpdateRequest
         * @description A partial update; only the fields sent change. `{}` changes nothing and returns the project as it is.
         */
        ProjectUpdateRequest: {
            /** @description Whether the project may publish releases (git sync). Unchanged when omitted. */
            releasesEnabled?: boolean;
            /** @description New name of the project (1–255 characters). Unchanged when omitted. */
            displayName?: string;
            /** @description Unique within the platform (409 otherwise). Stored in Unicode normal form C (NFC), so either form of one text is one id; white space is kept. A `400` when its NFC form is longer than 255 characters. */
            externalId?: string;
            /** @description Replaces the whole metadata object (at most 100 keys and 64 KiB, 65,536 bytes, as compact JSON in UTF-8). */
            metadata?: components["schemas"]["Metadata"];
            icon?: components["schemas"]["ProjectIcon"];
            plan?: components["schemas"]["ProjectPlanUpdate"];
        };
        /**
         * User
         * @description A user of the platform.
         */
        User: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /**
             * Format: email
             * @description Email address the user signs in with; unique within the platform.
             * @example ada@example.com
             */
            email: string;
            /**
             * @description First name of the user.
             * @example Ada
             */
            firstName: string;
            /**
             * @description Last name of the user.
             * @example Lovelace
             */
            lastName: string;
            status: components["schemas"]["UserStatus"];
            platformRole: components["schemas"]["PlatformRole"];
            /** @description The client's own id of the user, unique within the platform; a new id of the form of the record ids when none was given. */
            externalId: string;
            platformId: components["schemas"]["Id"];
            /** @description When the user was last active (their creation time until then). */
            lastActiveDate: components["schemas"]["Timestamp"];
        };
        /**
         * UserPage
         * @description A page of users. Follow `next` until it is `null` to read them all.
         */
        UserPage: {
            /** @description The users of this page, newest first; empty when there are none. */
            data: components["schemas"]["User"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * UserCreateRequest
         * @description A user to provision, as an identity provider's sync sends it. The user is made `ACTIVE`.
         */
        UserCreateRequest: {
            /**
             * Format: email
             * @description Email address the user signs in with; unique within the platform ignoring case (409 otherwise). Stored as sent.
             * @example grace@example.com
             */
            email: string;
            /**
             * @description First name of the user (at most 255 characters; may be empty).
             * @example Grace
             */
            firstName: string;
            /**
             * @description Last name of the user (at most 255 characters; may be empty).
             * @example Hopper
             */
            lastName: string;
            platformRole: components["schemas"]["PlatformRole"];
            /** @description The identity provider's id of the user, unique within the platform (409 otherwise). Stored in Unicode normal form C (NFC); a new id of the form of the record ids when omitted. */
            externalId?: string;
        };
        /**
         * UserUpdateRequest
         * @description A partial update; only the fields sent change. `{}` changes nothing and returns the user as it is.
         */
        UserUpdateRequest: {
            /** @description `INACTIVE` deactivates the user (refused for the last active `ADMIN`, and while API keys act as the user); `ACTIVE` reactivates them. Unchanged when omitted. */
            status?: components["schemas"]["UserStatus"];
            /** @description The user's new role (demoting the last active `ADMIN` is refused). Unchanged when omitted. */
            platformRole?: components["schemas"]["PlatformRole"];
            /** @description Unique within the platform (409 otherwise). Stored in Unicode normal form C (NFC). Unchanged when omitted. */
            externalId?: string;
            /** @description New first name (at most 255 characters; may be empty). Unchanged when omitted. */
            firstName?: string;
            /** @description New last name (at most 255 characters; may be empty). Unchanged when omitted. */
            lastName?: string;
        };
        /**
         * @description `PLATFORM` templates are offered to every project of the platform; `PROJECT` templates to one project.
         * @enum {string}
         */
        FlowTemplateType: "PLATFORM" | "PROJECT";
        /**
         * FlowTemplate
         * @description A reusable flow, offered to the platform's projects.
         */
        FlowTemplate: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /** @description What the template does; an empty string when none was given. */
            description: string;
            template: components["schemas"]["FlowTemplateContent"];
            /** @description Article explaining the template; an empty string when none. */
            blogUrl: string;
            type: components["schemas"]["FlowTemplateType"];
            /** @description Labels to find the template by; empty when none. */
            tags: string[];
            /** @description Free-form JSON object owned by the client, returned as stored; `{}` when none was given. */
            metadata: {
                [key: string]: unknown;
            };
        };
        /**
         * FlowTemplatePage
         * @description A page of flow templates. Follow `next` until it is `null` to read them all.
         */
        FlowTemplatePage: {
            /** @description The templates of this page, newest first; empty when there are none. */
            data: components["schemas"]["FlowTemplate"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * PortableTriggerSettingsInput
         * @description Settings of a flow template's piece trigger as sent. `pieceType` and `packageType` may be left out (a current Activepieces export has neither); they are stored as `OFFICIAL` and `REGISTRY`.
         */
        PortableTriggerSettingsInput: {
            /**
             * @description Package name of the piece.
             * @example @activepieces/piece-schedule
             */
            pieceName: string;
            /**
             * @description Semver range of the piece.
             * @example ~0.1.5
             */
            pieceVersion: string;
            /** @description `OFFICIAL` when omitted. */
            pieceType?: components["schemas"]["PieceType"];
            /** @description `REGISTRY` when omitted. */
            packageType?: components["schemas"]["PackageType"];
            /**
             * @description Name of the trigger within the piece.
             * @example cron_expression
             */
            triggerName: string;
            /** @description The trigger's input values, keyed by input name. Free-form. */
            input: {
                [key: string]: unknown;
            };
            inputUiInfo?: components["schemas"]["InputUiInfo"];
            /** @description Per-input UI settings, keyed by input name. Free-form. */
            propertySettings?: {
                [key: string]: unknown;
            };
            sampleData?: components["schemas"]["SampleData"];
            /**
             * Format: uri
             * @description Logo shown instead of the piece's own.
             */
            customLogoUrl?: string;
        };
        /**
         * PortablePieceTriggerInput
         * @description A piece trigger of a flow template as sent.
         */
        PortablePieceTriggerInput: {
            /**
             * @description Variant of the trigger: `PIECE_TRIGGER`, a trigger of a piece. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PIECE_TRIGGER";
            /**
             * @description Step name of the trigger; `trigger` in flows made by Activepieces.
             * @example trigger
             */
            name: string;
            /** @description Whether the trigger's settings are complete. */
            valid: boolean;
            /** @description Name of the trigger shown in the builder. */
            displayName: string;
            /** @description The first action of the flow (any JSON value; its inner fields are not part of this contract). Absent when the flow has no action. */
            nextAction?: unknown;
            settings: components["schemas"]["PortableTriggerSettingsInput"];
        };
        /**
         * PortableTriggerInput
         * @description A flow template's trigger as sent. `type` tells the variant. Accepts the portable shape and the shape a current Activepieces exports (settings with `propertySettings`, `sampleData`, `customLogoUrl`, without `pieceType`/`packageType`).
         */
        PortableTriggerInput: components["schemas"]["EmptyTrigger"] | components["schemas"]["PortablePieceTriggerInput"];
        /**
         * FlowTemplateContentInput
         * @description The flow a template creates. At most 512 KiB (524,288 bytes) as compact JSON in UTF-8, measured as stored (with the defaults of fields left out); larger is a `400` on `/template` naming the limit.
         */
        FlowTemplateContentInput: {
            /** @description Name of the flow the template creates (1–255 characters). */
            displayName: string;
            trigger: components["schemas"]["PortableTriggerInput"];
            /** @description Whether every step is complete. `false` when omitted. */
            valid?: boolean;
            /** @description Format version of the flow definition. `1` when omitted or `null`. */
            schemaVersion?: string | null;
            /** @description External ids of the app connections the steps use, stored in Unicode normal form C (NFC); two that are the same in NFC are a `400`. Empty when omitted. */
            connectionIds?: string[];
            /** @description Ids of the agents the template's steps use (sent by Activepieces 0.70 and later). Returned as sent, in Unicode normal form C (NFC); two that are the same in NFC are a `400`. Absent when omitted. */
            agentIds?: string[];
            /** @description Backups of the template's code steps, keyed by step name (sent by Activepieces 0.70 and later). Free-form; returned as sent, absent when omitted or `null`. */
            backupFiles?: {
                [key: string]: unknown;
            } | null;
            /** @description The canvas notes of the version, as `exportFlowAsTemplate` answers them and `IMPORT_FLOW` takes them; stored as sent (`null` or absent: none). Added in 1.7.0. */
            notes?: components["schemas"]["FlowNote"][] | null;
        };
        /**
         * FlowTemplateCreateRequest
         * @description A template to store. With an `id` of an existing template, that template is replaced as a whole.
         */
        FlowTemplateCreateRequest: {
            /** @description Give an id to create the template under it, or to replace your platform's template that has it. Unique within your platform only; another platform's template under the same id is a different template, never touched or revealed. */
            id?: components["schemas"]["Id"];
            /** @description Owned by the server. Accepted so that a template read from this API can be sent back as it is; when given it must equal the stored template's `created` (400 otherwise, and 400 when no template has `id`). */
            created?: components["schemas"]["Timestamp"];
            /** @description Owned by the server. When given it must equal the stored template's `updated` (400 otherwise), so a template changed meanwhile is not overwritten by a stale copy. */
            updated?: components["schemas"]["Timestamp"];
            /** @description What the template does. An empty string when omitted. */
            description?: string;
            template: components["schemas"]["FlowTemplateContentInput"];
            /** @description Article explaining the template, an absolute `https:` or `http:` URL; `""` (what this API returns when there is none) means none. */
            blogUrl?: string;
            /** @description `PLATFORM` when omitted. */
            type?: components["schemas"]["FlowTemplateType"];
            /** @description Labels to find the template by (at most 50, each 1–64 characters, no duplicates). None when omitted. */
            tags?: string[];
            /** @description Free-form JSON object owned by the client (at most 100 keys and 64 KiB, 65,536 bytes, as compact JSON in UTF-8). `{}` when omitted or `null`. */
            metadata?: components["schemas"]["Metadata"] | null;
        };
        /**
         * McpPieceMetadata
         * @description The piece a `PIECE` tool exposes and which of its actions.
         */
        McpPieceMetadata: {
            /**
             * @description Package name of the piece whose actions the tool exposes.
             * @example @activepieces/piece-slack
             */
            pieceName: string;
            /**
             * @description Semver range of the piece.
             * @example ~0.10.2
             */
            pieceVersion: string;
            /**
             * Format: uri
             * @description Logo of the piece shown to people, an `https:` or `http:` URL; absent when none was set.
             */
            logoUrl?: string;
            /** @description External id of the app connection the actions authenticate with. */
            connectionExternalId?: string;
            /** @description The piece's actions the tool exposes, no duplicates; empty when the tool exposes none yet (as Activepieces allows). */
            actionNames: string[];
        };
        /**
         * McpPieceTool
         * @description An MCP tool that exposes actions of a piece.
         */
        McpPieceTool: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /**
             * @description Variant of the tool: `PIECE`, actions of a piece. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PIECE";
            /** @description The MCP server the tool belongs to. */
            mcpId: components["schemas"]["Id"];
            pieceMetadata: components["schemas"]["McpPieceMetadata"];
        };
        /**
         * McpFlowVersion
         * @description The version of a flow embedded in an MCP tool (no `agentIds`, no `backupFiles`, portable trigger settings).
         */
        McpFlowVersion: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            flowId: components["schemas"]["Id"];
            /** @description Name of the flow in this version. */
            displayName: string;
            trigger: components["schemas"]["PortableTrigger"];
            /** @description Id of the user who last changed this version. */
            updatedBy: components["schemas"]["Id"];
            /** @description Whether every step of the version is complete, so that it can be published. */
            valid: boolean;
            /** @description Version of the flow-definition format this version is stored in. */
            schemaVersion: string;
            state: components["schemas"]["FlowVersionState"];
            /** @description External ids of the app connections the version's steps use; empty when none. */
            connectionIds: string[];
        };
        /**
         * McpFlowSchedule
         * @description Schedule of a flow embedded in an MCP tool, with its failure count.
         */
        McpFlowSchedule: {
            /**
             * @description Kind of schedule; `CRON_EXPRESSION` is the only one.
             * @enum {string}
             */
            type: "CRON_EXPRESSION";
            /**
             * @description Five-field cron expression of the schedule.
             * @example 0 8 * * 1-5
             */
            cronExpression: string;
            /**
             * @description IANA time zone the expression is read in.
             * @example Europe/Berlin
             */
            timezone: string;
            /**
             * Format: int32
             * @description Consecutive failed scheduled runs.
             */
            failureCount: number;
        };
        /**
         * HandshakeConfiguration
         * @description How the flow's webhook answers a handshake request.
         */
        HandshakeConfiguration: {
            /**
             * @description How a handshake request is recognised: `NONE` (no handshake), or by the presence of the header, query or body parameter named `paramName`.
             * @enum {string}
             */
            strategy: "NONE" | "HEADER_PRESENT" | "QUERY_PRESENT" | "BODY_PARAM_PRESENT";
            /** @description The header, query or body parameter whose presence marks a handshake; absent for `NONE`. */
            paramName?: string;
        };
        /**
         * McpFlow
         * @description A flow as embedded in an MCP tool of type `FLOW` (its latest version; `schedule` instead of `triggerSource`).
         */
        McpFlow: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            projectId: components["schemas"]["Id"];
            /** @description Your own id of the flow, unique within its project. */
            externalId: string;
            /** @description Id of the folder the flow is filed in; `null` when it is in none. */
            folderId?: components["schemas"]["Id"] | null;
            status: components["schemas"]["FlowStatus"];
            /** @description Id of the flow's published (`LOCKED`) version; `null` when it was never published. */
            publishedVersionId?: components["schemas"]["Id"] | null;
            /** @description Free-form JSON object owned by the client; `null` when none was given. */
            metadata?: {
                [key: string]: unknown;
            } | null;
            version: components["schemas"]["McpFlowVersion"];
            /** @description Present only when the flow's trigger is a schedule. */
            schedule?: components["schemas"]["McpFlowSchedule"];
            handshakeConfiguration: components["schemas"]["HandshakeConfiguration"];
        };
        /**
         * McpFlowTool
         * @description An MCP tool that runs a flow of the same project.
         */
        McpFlowTool: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /**
             * @description Variant of the tool: `FLOW`, a flow of the project. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "FLOW";
            mcpId: components["schemas"]["Id"];
            flowId: components["schemas"]["Id"];
            flow: components["schemas"]["McpFlow"];
        };
        /**
         * McpTool
         * @description A tool of an MCP server. `type` tells the variant.
         */
        McpTool: components["schemas"]["McpPieceTool"] | components["schemas"]["McpFlowTool"];
        /**
         * McpServer
         * @description The MCP server of a project. Every project has exactly one, created with the project.
         */
        McpServer: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /**
             * @description Name of the server shown to people and to MCP clients; `<project name> MCP server` until renamed.
             * @example Sales assistant tools
             */
            name: string;
            projectId: components["schemas"]["Id"];
            /** @description Secret credential MCP clients use to call this server. Treat it as a password; rotate it with `rotateMcpServerToken`. */
            token: string;
            /** @description The agent using this server; absent when none does. */
            agentId?: string;
            /** @description The tools the server offers to MCP clients, in the order they were set; empty when none. */
            tools: components["schemas"]["McpTool"][];
        };
        /**
         * McpServerPage
         * @description A page of MCP servers. Follow `next` until it is `null` to read them all.
         */
        McpServerPage: {
            /** @description The MCP servers of this page, newest first; empty when there are none. */
            data: components["schemas"]["McpServer"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * McpPieceToolInput
         * @description A tool exposing actions of a piece. It keeps its id when the server already has a tool for the same piece.
         */
        McpPieceToolInput: {
            /** @description Owned by the server; accepted so that a tool read from this API can be sent back as it is. When given it must be the id of the server's tool for the same piece (or flow), 400 otherwise. */
            id?: components["schemas"]["Id"];
            /** @description Owned by the server; when given it must equal the stored tool's `created` (400 otherwise). */
            created?: components["schemas"]["Timestamp"];
            /** @description Owned by the server; when given it must equal the stored tool's `updated` (400 otherwise). */
            updated?: components["schemas"]["Timestamp"];
            /**
             * @description Variant of the tool: `PIECE`, actions of a piece. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "PIECE";
            /** @description Optional; when given it must be the id of the server being updated (400 otherwise). */
            mcpId?: components["schemas"]["Id"];
            pieceMetadata: components["schemas"]["McpPieceMetadata"];
        };
        /**
         * McpFlowVersionInput
         * @description The version of an embedded flow as sent back; `updatedBy` and `schemaVersion` may be `null`, as in Activepieces' own flow version type.
         */
        McpFlowVersionInput: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            flowId: components["schemas"]["Id"];
            /** @description Name of the flow in this version. */
            displayName: string;
            trigger: components["schemas"]["PortableTriggerInput"];
            /** @description Id of the user who last changed this version (`null` as Activepieces' own type allows). */
            updatedBy: string | null;
            /** @description Whether every step of the version is complete, so that it can be published. */
            valid: boolean;
            /** @description Version of the flow-definition format this version is stored in (`null` as Activepieces' own type allows). */
            schemaVersion: string | null;
            state: components["schemas"]["FlowVersionState"];
            /** @description External ids of the app connections the version's steps use; empty when none. */
            connectionIds: string[];
        };
        /**
         * McpFlowInput
         * @description The embedded flow of a `FLOW` tool as sent back, the way it was read (`McpFlow`), also with the nulls an Activepieces tool carries (`schedule`, `handshakeConfiguration`, and the version's `updatedBy` and `schemaVersion`). Only `id` is used (it must equal the tool's `flowId`); the response always embeds the flow's current state.
         */
        McpFlowInput: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            projectId: components["schemas"]["Id"];
            /** @description Your own id of the flow, unique within its project. */
            externalId: string;
            /** @description Id of the folder the flow is filed in; `null` when it is in none. */
            folderId?: string | null;
            status: components["schemas"]["FlowStatus"];
            /** @description Id of the flow's published (`LOCKED`) version; `null` when it was never published. */
            publishedVersionId?: string | null;
            /** @description Free-form JSON object owned by the client; `null` when none was given. */
            metadata?: {
                [key: string]: unknown;
            } | null;
            version: components["schemas"]["McpFlowVersionInput"];
            /** @description The flow's schedule as read; `null` or absent when the flow is not scheduled. */
            schedule?: components["schemas"]["McpFlowSchedule"] | null;
            /** @description The webhook handshake configuration as read; `null` when the client has none. */
            handshakeConfiguration: components["schemas"]["HandshakeConfiguration"] | null;
        };
        /**
         * McpFlowToolInput
         * @description A tool running a flow of the server's project (404 when `flowId` is not one). It keeps its id when the server already has a tool for the same flow.
         */
        McpFlowToolInput: {
            /** @description Owned by the server; accepted so that a tool read from this API can be sent back as it is. When given it must be the id of the server's tool for the same piece (or flow), 400 otherwise. */
            id?: components["schemas"]["Id"];
            /** @description Owned by the server; when given it must equal the stored tool's `created` (400 otherwise). */
            created?: components["schemas"]["Timestamp"];
            /** @description Owned by the server; when given it must equal the stored tool's `updated` (400 otherwise). */
            updated?: components["schemas"]["Timestamp"];
            /**
             * @description Variant of the tool: `FLOW`, a flow of the project. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "FLOW";
            /** @description Optional; when given it must be the id of the server being updated (400 otherwise). */
            mcpId?: components["schemas"]["Id"];
            flowId: components["schemas"]["Id"];
            /** @description Optional, so that a tool read from the server can be sent back as it is; when given, `flow.id` must equal `flowId` (400 otherwise). The server always embeds the flow's current state in its response. */
            flow?: components["schemas"]["McpFlowInput"];
        };
        /**
         * McpToolInput
         * @description A tool of the new tool set. `type` tells the variant.
         */
        McpToolInput: components["schemas"]["McpPieceToolInput"] | components["schemas"]["McpFlowToolInput"];
        /**
         * McpServerUpdateRequest
         * @description Changes to the MCP server; fields left out keep their value. At least one field.
         */
        McpServerUpdateRequest: {
            /** @description New name of the server (1–255 characters). Unchanged when omitted. */
            name?: string;
            /** @description Replaces the whole tool set; tools left out are removed. At most one tool per piece and one per flow. */
            tools?: components["schemas"]["McpToolInput"][];
        };
        /**
         * McpJsonRpcMessage
         * @description One JSON-RPC 2.0 message of the [Model Context Protocol](https://modelcontextprotocol.io/specification/2025-06-18/basic)
         *     sent by an MCP client: a request (`method` and `id`), or a notification (`method`, no `id`).
         *     One message a POST: a batch (a JSON array) is a `400` with the JSON-RPC error `-32600`, as the
         *     protocol's 2025-06-18 revision removed batches. `params` is the method's, as the protocol
         *     defines it (`tools/call`: `{name, arguments}`).
         */
        McpJsonRpcMessage: {
            /**
             * @description The JSON-RPC version, always `2.0`.
             * @constant
             */
            jsonrpc: "2.0";
            /** @description The request's id, echoed by its answer; absent on a notification. */
            id?: string | number;
            /**
             * @description The protocol's method, e.g. `initialize`, `tools/list`, `tools/call`, `notifications/initialized`; one the server does not have is the JSON-RPC error `-32601`.
             * @example tools/call
             */
            method: string;
            /** @description The method's parameters, as the protocol defines them (free-form here; the server checks them). */
            params?: {
                [key: string]: unknown;
            };
        };
        /**
         * McpJsonRpcErrorObject
         * @description A JSON-RPC 2.0 error.
         */
        McpJsonRpcErrorObject: {
            /**
             * Format: int32
             * @description The JSON-RPC code: `-32700` a body that is not JSON, `-32600` a message that is not a single
             *     JSON-RPC request (a batch among them), `-32601` an unknown method, `-32602` invalid params,
             *     `-32603` an internal error, `-32001` the MCP server's token missing or wrong, `-32000` any
             *     other refusal of the HTTP transport (a method other than POST, an `Accept` without both
             *     `application/json` and `text/event-stream`, a body too large, too many requests).
             * @example -32602
             */
            code: number;
            /** @description For people; may change. */
            message: string;
            /** @description Details of the error (for a request that breaks the contract, its violations, as a problem's `errors`). */
            data?: unknown;
        };
        /**
         * McpJsonRpcResponse
         * @description The JSON-RPC 2.0 answer to one request of an MCP client: its `result` (for `tools/call`, a
         *     `CallToolResult` of the protocol: `content`, `structuredContent`, `isError`), or an `error`
         *     of the protocol (`-32601` an unknown method, `-32602` invalid params, such as arguments that do
         *     not match a tool's input schema or a tool the server does not have).
         */
        McpJsonRpcResponse: {
            /**
             * @description The JSON-RPC version, always `2.0`.
             * @constant
             */
            jsonrpc: "2.0";
            /** @description The id of the request answered. */
            id?: string | number;
            /** @description The method's result, as the protocol defines it. */
            result?: {
                [key: string]: unknown;
            };
            error?: components["schemas"]["McpJsonRpcErrorObject"];
        };
        /**
         * McpJsonRpcError
         * @description A JSON-RPC 2.0 error answer of the MCP endpoint, for a request its transport refused before any method ran.
         */
        McpJsonRpcError: {
            /**
             * @description The JSON-RPC version, always `2.0`.
             * @constant
             */
            jsonrpc: "2.0";
            /** @description Always `null`: the request was refused before its id was read. */
            id: null;
            error: components["schemas"]["McpJsonRpcErrorObject"];
        };
        /**
         * @description What an API key may do. Each operation's description says which roles may call it; any other
         *     role is answered `403 PERMISSION_DENIED`.
         *     - `ADMIN`: everything on the platform, API keys included. Always platform-wide. Keys made before
         *       roles existed (1.1.0) are `ADMIN` keys.
         *     - `EDITOR`: reads and writes inside its projects (every project of the platform when
         *       platform-wide). Creating projects and flow templates and listing users need a platform-wide key;
         *       managing API keys needs `ADMIN`.
         *     - `VIEWER`: reads only: every write is a 403. MCP servers, whose answers carry a token that runs
         *       their tools, need `EDITOR`.
         *     - `ENGINE`: the key of a flow engine, inside its projects: leases queued runs and holds them
         *       (`leaseFlowRuns`, `heartbeatFlowRun`) and records runs (`createFlowRun`, `updateFlowRun`),
         *       which only `ENGINE` and `ADMIN` keys may call, reads the flows it executes
         *       and their versions (`getFlow`, `listFlowVersions`), finds the connections their steps name
         *       (`listAppConnections`) and reads their values (`getAppConnectionValue`, which no other role may
         *       call); like every key, it may revoke itself (`revokeApiKey`). Every other operation is a 403.
         * @enum {string}
         */
        ApiKeyRole: "ADMIN" | "EDITOR" | "VIEWER" | "ENGINE";
        /**
         * @description The projects the key is limited to: it sees only their records, and every other project's
         *     records answer 404, as those of another platform do. `null`: every project of the platform
         *     (platform-wide).
         */
        ApiKeyProjectIds: components["schemas"]["Id"][] | null;
        /**
         * ApiKey
         * @description An API key of the platform, without its secret (which is shown once, when the key is created).
         */
        ApiKey: {
            id: components["schemas"]["Id"];
            /**
             * @description What the key is for, as its creator named it.
             * @example Nightly CI deploy
             */
            displayName: string;
            /**
             * @description The last four characters of the key, to tell it apart (`sk-…t9NN`).
             * @example t9NN
             */
            lastFour: string;
            role: components["schemas"]["ApiKeyRole"];
            projectIds: components["schemas"]["ApiKeyProjectIds"];
            created: components["schemas"]["Timestamp"];
            /**
             * Format: date-time
             * @description When the key stops working (answered `401 AUTHENTICATION` from then on, as a revoked key is); `null` when it does not expire.
             * @example 2030-12-31T00:00:00.000Z
             */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @description When the key last authenticated a request, to within a minute (a use is recorded at most once a minute); `null` when it never has.
             * @example 2026-11-21T09:31:00.000Z
             */
            lastUsedAt: string | null;
        };
        /**
         * ApiKeyPage
         * @description A page of API keys, without their secrets. Follow `next` until it is `null` to read them all.
         */
        ApiKeyPage: {
            /** @description The keys of this page, newest first; expired keys included (revoked ones are gone). */
            data: components["schemas"]["ApiKey"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * ApiKeyCreateRequest
         * @description A new API key.
         */
        ApiKeyCreateRequest: {
            /**
             * @description What the key is for, so that a list of keys says which is which.
             * @example Run dashboard
             */
            displayName: string;
            role: components["schemas"]["ApiKeyRole"];
            /**
             * @description Limit the key to these projects of the platform (at least one; leave the field out for a
             *     platform-wide key). `EDITOR`, `VIEWER` and `ENGINE` keys can be limited (an engine that runs
             *     one project's flows gets an `ENGINE` key of that project): an `ADMIN` key with `projectIds`
             *     is a 400, as is a project that is not the platform's. Required, and within the making key's
             *     projects, when the key making the request is itself limited to projects.
             */
            projectIds?: components["schemas"]["Id"][];
            /**
             * Format: date-time
             * @description When the key stops working, in the future (a time already past is a 400). Leave it out for a
             *     key that does not expire. Required, and no later than the making key's own expiry, when the
             *     key making the request expires: a key never outlives the key that made it.
             * @example 2030-12-31T00:00:00.000Z
             */
            expiresAt?: string;
        };
        /**
         * NewApiKey
         * @description A key just created, with its secret `key`. This is the only answer that carries the secret; store it now.
         */
        NewApiKey: {
            id: components["schemas"]["Id"];
            /** @description What the key is for, as its creator named it. */
            displayName: string;
            /** @description The last four characters of `key`, as every list of keys shows them. */
            lastFour: string;
            role: components["schemas"]["ApiKeyRole"];
            projectIds: components["schemas"]["ApiKeyProjectIds"];
            created: components["schemas"]["Timestamp"];
            /**
             * Format: date-time
             * @description When the key stops working; `null` when it does not expire.
             */
            expiresAt: string | null;
            /**
             * Format: date-time
             * @description `null`: the key has not been used yet.
             */
            lastUsedAt: string | null;
            /** @description The secret, `sk-` followed by 61 characters of `0-9A-Za-z`, to send as `Authorization: Bearer <key>`. Only its digest is stored: it cannot be shown again. */
            key: string;
        };
        /**
         * @description A kind of event a webhook endpoint can subscribe to. Each is delivered as `{type, timestamp, data}`,
         *     `data` being the resource as this API returns it (an MCP server without its token):
         *     `project.created`, `project.updated` (data: Project); `project.deleted` (Project, as it was just
         *     before; sent by `deleteProject`); `flow.created` (Flow); `flow.deleted` (Flow,
         *     as it was just before; sent by `deleteFlow`); `flow.updated`, `flow.published`, `flow.enabled`,
         *     `flow.disabled` (Flow, as `updateFlow` answered it, with the operation's `operationType`); `folder.created`, `folder.updated` (renamed),
         *     `folder.deleted` (Folder); `app_connection.created`, `app_connection.updated` (replaced by
         *     `upsertAppConnection` or renamed), `app_connection.deleted` (AppConnection, never its value);
         *     `flow_template.created`, `flow_template.updated` (FlowTemplate, `updated` when `createFlowTemplate`
         *     replaced an existing id), `flow_template.deleted` (FlowTemplate, as it was; sent by `deleteFlowTemplate`);
         *     `user.created`, `user.updated`, `user.deleted` (User; sent by `createUser`, `updateUser`, `deleteUser`); `mcp_server.updated`, `mcp_server.token_rotated` (McpServer without `token`);
         *     a run reaching a final status: `flow_run.succeeded`, `flow_run.failed`, `flow_run.timed_out`,
         *     `flow_run.quota_exceeded`, `flow_run.internal_error`, `flow_run.memory_limit_exceeded`,
         *     `flow_run.canceled` (FlowRun, as `updateFlowRun` answered it; once per run); the run queue:
         *     `flow_run.queued` (a new run queued by `queueFlowRun`, a flow's webhook or a schedule), `flow_run.leased` (a run
         *     handed to an engine by `leaseFlowRuns`), `flow_run.retried` (`retryFlowRun`, `retryFlowRuns`),
         *     `flow_run.cancel_requested` (a `RUNNING` run `cancelFlowRuns` asked to stop), `flow_run.archived`
         *     (`archiveFlowRuns`) (FlowRun, as the run is just after); `api_key.revoked`
         *     (the API key as listApiKeys answers it, without its secret). New event types are added in minor
         *     versions: ignore a type you do not know.
         * @enum {string}
         */
        WebhookEventType: "project.created" | "project.updated" | "project.deleted" | "flow.created" | "flow.deleted" | "flow.updated" | "flow.published" | "flow.enabled" | "flow.disabled" | "folder.created" | "folder.updated" | "folder.deleted" | "app_connection.created" | "app_connection.updated" | "app_connection.deleted" | "flow_template.created" | "flow_template.updated" | "flow_template.deleted" | "user.created" | "user.updated" | "user.deleted" | "mcp_server.updated" | "mcp_server.token_rotated" | "flow_run.succeeded" | "flow_run.failed" | "flow_run.timed_out" | "flow_run.quota_exceeded" | "flow_run.internal_error" | "flow_run.memory_limit_exceeded" | "flow_run.canceled" | "flow_run.queued" | "flow_run.leased" | "flow_run.retried" | "flow_run.cancel_requested" | "flow_run.archived" | "api_key.revoked";
        /**
         * WebhookEndpoint
         * @description A URL of yours that receives the platform's events as signed `POST` requests. Its signing secret is shown only when the endpoint is created and when the secret is rotated.
         */
        WebhookEndpoint: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /**
             * Format: uri
             * @description Where the events are sent (`https`, resolving to public addresses).
             * @example https://hooks.example.com/flows
             */
            url: string;
            /**
             * @description What the endpoint is for, as its creator wrote it; empty when none was given.
             * @example Provisioning sync
             */
            description: string;
            /** @description The event types sent to this endpoint; `null` means every event type, including those added later. */
            eventTypes: components["schemas"]["WebhookEventType"][] | null;
            /** @description Only events of these projects are sent (events that belong to no project, such as `flow_template.created`, are then not sent); `null` means every project of the platform. */
            projectIds: components["schemas"]["Id"][] | null;
            /** @description Whether events are sent. A disabled endpoint gets no new events; its pending deliveries wait until it is enabled again. */
            enabled: boolean;
            /**
             * @description Why the endpoint is disabled: `MANUAL` (an update set `enabled: false`) or `FAILING` (a delivery failed on every retry for about a day); `null` while enabled.
             * @enum {string|null}
             */
            disabledReason: "MANUAL" | "FAILING" | null;
            /**
             * Format: date-time
             * @description After a rotation, deliveries are signed with the previous secret too until this time (24 hours after the rotation); `null` when there is no previous secret in use.
             * @example 2026-11-22T09:30:00.000Z
             */
            previousSecretExpiresAt: string | null;
        };
        /**
         * WebhookEndpointPage
         * @description A page of webhook endpoints, newest first. Follow `next` until it is `null` to read them all.
         */
        WebhookEndpointPage: {
            /** @description The endpoints of this page, newest first; empty when there are none. */
            data: components["schemas"]["WebhookEndpoint"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * WebhookEndpointCreateRequest
         * @description A new webhook endpoint. Only `url` is required; it gets every event of every project unless `eventTypes` or `projectIds` narrow it.
         */
        WebhookEndpointCreateRequest: {
            /**
             * Format: uri
             * @description Where to send events: an `https` URL (no user name or password) whose host resolves to public addresses only; loopback, private, link-local and cloud-metadata addresses are refused (`400`).
             */
            url: string;
            /** @description The event types to send; every event type (including those added later) when omitted. */
            eventTypes?: components["schemas"]["WebhookEventType"][];
            /** @description Send only the events of these projects of the platform (a project that is not yours is a `404`); every project when omitted. */
            projectIds?: components["schemas"]["Id"][];
            /** @description What the endpoint is for (at most 5000 characters); empty when omitted. */
            description?: string;
        };
        /**
         * WebhookEndpointWithSecret
         * @description A webhook endpoint with its signing secret, answered only by `createWebhookEndpoint` and `rotateWebhookEndpointSecret`. Keep the secret; it is not shown again.
         */
        WebhookEndpointWithSecret: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /**
             * Format: uri
             * @description Where the events are sent (`https`, resolving to public addresses).
             * @example https://hooks.example.com/flows
             */
            url: string;
            /**
             * @description What the endpoint is for; empty when none was given.
             * @example Provisioning sync
             */
            description: string;
            /** @description The event types sent to this endpoint; `null` means every event type. */
            eventTypes: components["schemas"]["WebhookEventType"][] | null;
            /** @description Only events of these projects are sent; `null` means every project. */
            projectIds: components["schemas"]["Id"][] | null;
            /** @description Whether events are sent. */
            enabled: boolean;
            /**
             * @description Why the endpoint is disabled; `null` while enabled.
             * @enum {string|null}
             */
            disabledReason: "MANUAL" | "FAILING" | null;
            /**
             * Format: date-time
             * @description Until when deliveries are signed with the previous secret too; `null` when there is none.
             * @example 2026-11-22T09:30:00.000Z
             */
            previousSecretExpiresAt: string | null;
            /**
             * @description The signing secret in the Standard Webhooks form, `whsec_` and the base64 of 32 random bytes: give it as it is to a Standard Webhooks library to verify the `webhook-signature` header.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0rN5Qy1fl5c=
             */
            secret: string;
        };
        /**
         * WebhookEndpointUpdateRequest
         * @description A partial update; only the fields sent change. `{}` changes nothing and returns the endpoint as it is.
         */
        WebhookEndpointUpdateRequest: {
            /**
             * Format: uri
             * @description The new URL, checked as on create. Unchanged when omitted.
             */
            url?: string;
            /** @description The event types to send; `null` sends every event type. Unchanged when omitted. */
            eventTypes?: components["schemas"]["WebhookEventType"][] | null;
            /** @description Send only the events of these projects; `null` sends those of every project. Unchanged when omitted. */
            projectIds?: components["schemas"]["Id"][] | null;
            /** @description The new description. Unchanged when omitted. */
            description?: string;
            /** @description `false` stops sending events (`disabledReason: MANUAL`); `true` sends them again, the deliveries still pending first. Unchanged when omitted. */
            enabled?: boolean;
        };
        /**
         * WebhookDeliveryAttempt
         * @description One try at delivering an event to the endpoint.
         */
        WebhookDeliveryAttempt: {
            attemptedAt: components["schemas"]["Timestamp"];
            /**
             * Format: int32
             * @description The HTTP status the endpoint answered; `null` when it answered none (refused address, connection error, timeout).
             * @example 503
             */
            statusCode: number | null;
            /**
             * Format: int32
             * @description Milliseconds from the start of the attempt to its answer or failure.
             * @example 118
             */
            durationMs: number;
            /**
             * @description Why the attempt failed, for people (`status 503`, `timed out after 15000 ms`, `redirect (302) not followed`, …); `null` when it succeeded.
             * @example status 503
             */
            error: string | null;
        };
        /**
         * WebhookDelivery
         * @description One event on its way to one endpoint, with its attempts.
         */
        WebhookDelivery: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            endpointId: components["schemas"]["Id"];
            /**
             * @description The event's id, sent as the `webhook-id` header; the same on every attempt and retry, so receivers deduplicate by it.
             * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
             */
            eventId: string;
            /**
             * @description The event's `type`; a `WebhookEventType`, or `webhook_endpoint.test` for a test event.
             * @example project.created
             */
            eventType: string;
            /**
             * @description `PENDING` while attempts remain (including a manual retry), `SUCCEEDED` once the endpoint answered `2xx`, `FAILED` after the last retry failed.
             * @enum {string}
             */
            status: "PENDING" | "SUCCEEDED" | "FAILED";
            /**
             * Format: int32
             * @description How many attempts were made so far.
             */
            attemptCount: number;
            /**
             * Format: date-time
             * @description When the next attempt is due; `null` when none is planned (succeeded or failed).
             * @example 2026-11-21T09:31:00.000Z
             */
            nextAttemptAt: string | null;
            /** @description The latest attempts (at most 20), oldest first; empty before the first. */
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
        };
        /**
         * WebhookDeliveryPage
         * @description A page of an endpoint's deliveries, newest first. Follow `next` until it is `null` to read them all.
         */
        WebhookDeliveryPage: {
            /** @description The deliveries of this page, newest first; empty when there are none. */
            data: components["schemas"]["WebhookDelivery"][];
            next: components["schemas"]["PageCursor"];
            previous: components["schemas"]["PageCursor"];
        };
        /**
         * Health
         * @description Liveness: the process answers.
         */
        Health: {
            /**
             * @description Always `ok`: the process answers.
             * @enum {string}
             */
            status: "ok";
        };
        /**
         * Readiness
         * @description Readiness: the process and its store answer.
         */
        Readiness: {
            /**
             * @description Always `ready` in a 200: the store answers (a 503 otherwise).
             * @enum {string}
             */
            status: "ready";
            /**
             * @description Which store the service uses.
             * @enum {string}
             */
            store: "sqlite" | "postgres";
        };
        /**
         * ProjectEvent
         * @description The body of `project.created` and `project.updated` deliveries.
         */
        ProjectEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "project.created" | "project.updated";
            /** @description When it happened , RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The project as `updateProject` answers it, after the change. */
            data: components["schemas"]["Project"];
        };
        /**
         * ProjectDeletedEvent
         * @description The body of `project.deleted` deliveries.
         */
        ProjectDeletedEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "project.deleted";
            /** @description When it happened, RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The project as getProject answered it just before it was deleted. */
            data: components["schemas"]["Project"];
        };
        /**
         * FlowEvent
         * @description The body of `flow.created` deliveries.
         */
        FlowEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "flow.created";
            /** @description When it happened , RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The flow as createFlow answered it. */
            data: components["schemas"]["Flow"];
        };
        /**
         * @description The `type` of an operation of `updateFlow`. New operations add values in minor versions (1.5.0 added `MOVE_ACTION` and the branch operations, 1.6.0 the note operations): a client reading it, in a `flow.updated` event, treats a value it does not know as some other change of the flow.
         * @enum {string}
         */
        FlowOperationType: "CHANGE_STATUS" | "LOCK_AND_PUBLISH" | "USE_AS_DRAFT" | "LOCK_FLOW" | "CHANGE_NAME" | "CHANGE_FOLDER" | "UPDATE_METADATA" | "IMPORT_FLOW" | "UPDATE_TRIGGER" | "ADD_ACTION" | "UPDATE_ACTION" | "DELETE_ACTION" | "DUPLICATE_ACTION" | "SET_SKIP_ACTION" | "MOVE_ACTION" | "ADD_BRANCH" | "DELETE_BRANCH" | "DUPLICATE_BRANCH" | "MOVE_BRANCH" | "ADD_NOTE" | "UPDATE_NOTE" | "DELETE_NOTE";
        /**
         * FlowChangeEvent
         * @description The body of `flow.updated`, `flow.published`, `flow.enabled` and `flow.disabled` deliveries.
         */
        FlowChangeEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "flow.updated" | "flow.published" | "flow.enabled" | "flow.disabled";
            /** @description When it happened, RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The flow as `updateFlow` answered it (with its latest version). */
            data: components["schemas"]["Flow"];
            /** @description The `type` of the `updateFlow` operation that made the change. */
            operationType: components["schemas"]["FlowOperationType"];
        };
        /**
         * FlowDeletedEvent
         * @description The body of `flow.deleted` deliveries.
         */
        FlowDeletedEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "flow.deleted";
            /** @description When it happened, RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The flow as getFlow answered it just before it was deleted (with its latest version). */
            data: components["schemas"]["Flow"];
        };
        /**
         * FolderEvent
         * @description The body of `folder.created`, `folder.updated` and `folder.deleted` deliveries.
         */
        FolderEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "folder.created" | "folder.updated" | "folder.deleted";
            /** @description When it happened, RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The folder as createFolder or updateFolder answered it; for `folder.deleted`, as it was just before (its `numberOfFlows` then, which all left the folder). */
            data: components["schemas"]["Folder"];
        };
        /**
         * AppConnectionEvent
         * @description The body of `app_connection.created`, `app_connection.updated` and `app_connection.deleted` deliveries; never the credential.
         */
        AppConnectionEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "app_connection.created" | "app_connection.updated" | "app_connection.deleted";
            /** @description When it happened, RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The connection as upsertAppConnection or updateAppConnection answered it; for `app_connection.deleted`, as it was just before. */
            data: components["schemas"]["AppConnection"];
        };
        /**
         * FlowTemplateEvent
         * @description The body of `flow_template.created` and `flow_template.updated` deliveries.
         */
        FlowTemplateEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "flow_template.created" | "flow_template.updated";
            /** @description When it happened , RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The template as createFlowTemplate answered it. */
            data: components["schemas"]["FlowTemplate"];
        };
        /**
         * FlowTemplateDeletedEvent
         * @description The body of `flow_template.deleted` deliveries.
         */
        FlowTemplateDeletedEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "flow_template.deleted";
            /** @description When it happened, RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The template as it was just before it was deleted. */
            data: components["schemas"]["FlowTemplate"];
        };
        /**
         * UserEvent
         * @description The body of `user.created`, `user.updated` and `user.deleted` deliveries.
         */
        UserEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "user.created" | "user.updated" | "user.deleted";
            /** @description When it happened, RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The user as createUser or updateUser answered it; for `user.deleted`, as it was just before. */
            data: components["schemas"]["User"];
        };
        /**
         * McpServerEventData
         * @description An MCP server as events carry it: every field of McpServer except `token`.
         */
        McpServerEventData: {
            id: components["schemas"]["Id"];
            created: components["schemas"]["Timestamp"];
            updated: components["schemas"]["Timestamp"];
            /**
             * @description Name of the server shown to people and to MCP clients.
             * @example Sales assistant tools
             */
            name: string;
            projectId: components["schemas"]["Id"];
            /** @description The agent using this server; absent when none does. */
            agentId?: string;
            /** @description The tools the server offers to MCP clients, in their order; empty when none. */
            tools: components["schemas"]["McpTool"][];
        };
        /**
         * McpServerEvent
         * @description The body of `mcp_server.updated` and `mcp_server.token_rotated` deliveries; the token itself is never sent.
         */
        McpServerEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "mcp_server.updated" | "mcp_server.token_rotated";
            /** @description When it happened , RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The MCP server after the change, without its token. */
            data: components["schemas"]["McpServerEventData"];
        };
        /**
         * FlowRunQueueEvent
         * @description The body of the run queue's `flow_run.*` deliveries (1.9.0): a run queued (`flow_run.queued`), handed to an engine (`flow_run.leased`), queued again (`flow_run.retried`), asked to stop while running (`flow_run.cancel_requested`) or archived (`flow_run.archived`). The deliveries of a run reaching a final status are `FlowRunEvent`s.
         */
        FlowRunQueueEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "flow_run.queued" | "flow_run.leased" | "flow_run.retried" | "flow_run.cancel_requested" | "flow_run.archived";
            /** @description When it happened, RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The run as getFlowRun answers it just after what happened. */
            data: components["schemas"]["FlowRun"];
        };
        /**
         * FlowRunEvent
         * @description The body of the `flow_run.*` deliveries, sent once when a run reaches a final status.
         */
        FlowRunEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "flow_run.succeeded" | "flow_run.failed" | "flow_run.timed_out" | "flow_run.quota_exceeded" | "flow_run.internal_error" | "flow_run.memory_limit_exceeded" | "flow_run.canceled";
            /** @description When it happened , RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The run as getFlowRun answers it, in its final status. */
            data: components["schemas"]["FlowRun"];
        };
        /**
         * ApiKeyEvent
         * @description The body of `api_key.revoked` deliveries.
         */
        ApiKeyEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "api_key.revoked";
            /** @description When it happened , RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The revoked key as listApiKeys answered it (without its secret). */
            data: components["schemas"]["ApiKey"];
        };
        /**
         * WebhookTestEvent
         * @description The body of a test delivery (`sendWebhookTestEvent`), sent to that one endpoint whatever its `eventTypes`.
         */
        WebhookTestEvent: {
            /**
             * @description What happened.
             * @enum {string}
             */
            type: "webhook_endpoint.test";
            /** @description When it happened , RFC 3339 in UTC. */
            timestamp: components["schemas"]["Timestamp"];
            /** @description The endpoint the test was sent to (without its secret). */
            data: components["schemas"]["WebhookEndpoint"];
        };
    };
    responses: {
        /** @description The request does not match the contract (`VALIDATION`): every violation is listed in `errors`. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Missing, malformed, unknown, revoked or expired API key (`AUTHENTICATION`). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The API key is valid but its role, or its being limited to projects, does not allow this operation (`PERMISSION_DENIED`); the operation's description says which keys may call it. */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The record does not exist or belongs to another platform (`ENTITY_NOT_FOUND`). */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Too many requests for your API key within the current window (`RATE_LIMITED`). Wait `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A fault of the service (`INTERNAL_ERROR`); no internals are disclosed. Retry later and quote the request id. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The store cannot be reached, or the instance is shutting down and did not take the request: its body had not all arrived; then the answer carries `Connection: close` (`SERVICE_UNAVAILABLE`). Retry later, or at once on a new connection. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A request with the same `Idempotency-Key` is still running (`IDEMPOTENCY_KEY_IN_USE`): retry after a moment to get its answer. */
        IdempotencyKeyInUse: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is larger than the limit, 1 MiB by default, or holds more than 100,000 JSON values, a member's name counting as one (`PAYLOAD_TOO_LARGE`). */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`). */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The `Idempotency-Key` was used within 24 hours for a request with another body or on another operation (`IDEMPOTENCY_KEY_REUSED`). */
        IdempotencyKeyReused: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The flow's state does not allow the operation (`FLOW_OPERATION_INVALID`): enabling a flow never published, publishing a version that is not `valid`, a step name already used in the version, a change of step type that would drop nested steps. The flow is unchanged. */
        FlowOperationConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The flow changed since the `ETag` sent in `If-Match` was read (`PRECONDITION_FAILED`): read it again (`getFlow`, which answers the current `ETag`), and apply the change to what it is now. The flow is unchanged. */
        PreconditionFailed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Another folder of the project already has this `displayName`, ignoring case (`FOLDER_NAME_ALREADY_EXISTS`; `params.folderId` is that folder). */
        FolderConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The run is final or would go backwards (`FLOW_RUN_STATUS_CONFLICT`), or it is leased to an engine and the lease presented expired, was superseded, or none was presented (`FLOW_RUN_LEASE_CONFLICT`, `params.lease`: `expired`, `superseded`, `missing` or `none`). */
        FlowRunLeaseConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The run's status is final, or the change would take it backwards (`FLOW_RUN_STATUS_CONFLICT`). */
        FlowRunConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request does not carry what the trigger's authentication asks for (`AUTHENTICATION`): the `Authorization: Basic` user and password of a `basic` trigger (answered with `WWW-Authenticate: Basic`), or the header and value of a `header` trigger. No run is queued. */
        FlowWebhookUnauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                /** @description For a `basic` trigger, `Basic realm="flow webhook"`; absent for a `header` trigger. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No enabled flow with this id has a published catch-webhook trigger (`ENTITY_NOT_FOUND`). An unknown id, a disabled flow, a flow never published and a flow with another trigger all get this same answer, so the URL tells nobody which of them it is. */
        FlowWebhookNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The run did not give an answer within the wait (`WEBHOOK_TIMEOUT`, `WEBHOOK_SYNC_TIMEOUT_SECONDS`, 30 s by default); it goes on, and `params.runId` names it. The reference product answers `408` too. */
        FlowWebhookTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The run ended in a failed status without giving an answer (`WEBHOOK_NO_ANSWER`; `params.runId`, `params.status`). A run that succeeds without one is a `204`. */
        FlowWebhookNoAnswer: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Another project of the platform already has this `externalId` (`PROJECT_EXTERNAL_ID_ALREADY_EXISTS`), or a request with the same `Idempotency-Key` is still running (`IDEMPOTENCY_KEY_IN_USE`). */
        ProjectCreateConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Another project of the platform already has this `externalId` (`PROJECT_EXTERNAL_ID_ALREADY_EXISTS`). */
        ProjectConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The project is the platform's last one, which is never deleted (`PROJECT_IS_LAST_OF_PLATFORM`). */
        ProjectDeleteConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Another user of the platform has this `email` (ignoring case, `USER_EMAIL_ALREADY_EXISTS`) or this `externalId` (`USER_EXTERNAL_ID_ALREADY_EXISTS`); `params.userId` is that user. */
        UserConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Another user has this `externalId` (`USER_EXTERNAL_ID_ALREADY_EXISTS`); the update would leave the platform without an active `ADMIN` (`LAST_ACTIVE_ADMIN`); or API keys act as the user to deactivate (`USER_OWNS_RECORDS`). */
        UserUpdateConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The user still owns records (`USER_OWNS_RECORDS`, naming them), or is the platform's last active `ADMIN` (`LAST_ACTIVE_ADMIN`). */
        UserDeleteConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The platform already has as many webhook endpoints as it may have (`WEBHOOK_ENDPOINT_LIMIT_REACHED`); `params.limit` says how many. */
        WebhookEndpointLimitReached: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description The project whose records to list (404 when it is not a project of your platform). */
        ProjectIdQuery: components["schemas"]["Id"];
        /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
        Cursor: string;
        /** @description Page size, 1 to 100. Default 10. */
        Limit: number;
        /**
         * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
         * @example checkout-7f3a9c
         */
        RequestIdHeader: string;
        /**
         * @description Makes the create safe to retry (as in the IETF draft `Idempotency-Key` header and Stripe's API):
         *     a unique value of your choice per intended create, for example a UUID. Sent again within 24 hours
         *     with the same body, the create is not repeated: the first success is answered again (same status,
         *     body and id) with `Idempotent-Replayed: true`. The same key with another body (or on another
         *     operation) is a `422 IDEMPOTENCY_KEY_REUSED`; while the first request is still running it is a
         *     `409 IDEMPOTENCY_KEY_IN_USE` (retry after a moment). Keys are per API key, as Stripe keeps them:
         *     the same value sent with another API key is another key (a new create, never another key's answer
         *     or a `422` about its request). A request the API key may not make (its role, or a project it is
         *     not limited to) is refused as it is without the header, before any stored answer is looked up.
         *     Only a success is remembered, so after an error the same key can be sent again.
         */
        IdempotencyKey: string;
        /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
        IdPath: components["schemas"]["Id"];
        /**
         * @description Makes the change only if the flow is still as it was read: the `ETag` of a `getFlow` or
         *     `updateFlow` answer (several may be listed, comma-separated; `*` matches any flow). When the flow
         *     changed since, the answer is `412 PRECONDITION_FAILED` and nothing changes. Weak tags (`W/"..."`) never match, as RFC 9110 says for `If-Match`. Without the header
         *     the operation applies to the flow as it is (every operation is atomic either way).
         */
        IfMatch: string;
        /**
         * @description Id of the flow to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example fLwOLd0AuDiT7hOoK5xQz
         */
        FlowIdPathToDelete: components["schemas"]["Id"];
        /**
         * @description Id of the flow (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example tDVKg7394Qn7RoH23PSVU
         */
        FlowIdPath: components["schemas"]["Id"];
        /**
         * @description Id of the folder to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example Fo1dArch1veQrt7wYc2Nb
         */
        FolderIdPathToDelete: components["schemas"]["Id"];
        /**
         * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
         */
        WebhookFlowIdPath: components["schemas"]["Id"];
        /**
         * @description Id of the app connection to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example Sl4ckSupp0rtQrt7wYc2N
         */
        AppConnectionIdPathToDelete: components["schemas"]["Id"];
        /** @description Page size, 1 to 100. Default 50. */
        ProjectLimit: number;
        /** @description Only the record with this external id, compared in Unicode normal form C (NFC, the form external ids are stored in), white space included. */
        ExternalIdQuery: string;
        /**
         * @description Id of the project to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example mKtG7pQ2vX9rL4nW8cYd1
         */
        ProjectIdPathToDelete: components["schemas"]["Id"];
        /**
         * @description Id of the user to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example T1mB3rnersLee0000Www1
         */
        UserIdPathToDelete: components["schemas"]["Id"];
        /**
         * @description Id of the flow template to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example 5qmarZTK2oTYmtgQ3auXH
         */
        FlowTemplateIdPathToDelete: components["schemas"]["Id"];
        /**
         * @description Id of the MCP server (`id` of `listMcpServers`; 21 characters from `0-9A-Za-z`). An unknown id is the same `401` as a wrong token.
         * @example G6T3H6nQQMRDy6C0PmltB
         */
        McpServerIdPath: components["schemas"]["Id"];
        /**
         * @description The MCP server's token, for MCP clients that cannot send an `Authorization` header. Prefer the
         *     header: a URL's query ends up in proxies' and clients' logs. When both are sent, the header is
         *     the one checked.
         */
        McpTokenQuery: string;
        /**
         * @description Id of the webhook endpoint (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example wHk3nD9pQx2LmZr7YbT4c
         */
        WebhookEndpointIdPath: components["schemas"]["Id"];
        /**
         * @description Id of the webhook endpoint to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example wHkOLd0AuDiT7hOoK5xQz
         */
        WebhookEndpointIdPathToDelete: components["schemas"]["Id"];
        /**
         * @description Id of the delivery (21 characters from `0-9A-Za-z`; any other form is a 400).
         * @example dLv5Kq8mZp3RxT7wYc2Nb
         */
        DeliveryIdPath: components["schemas"]["Id"];
        /**
         * @description The event's id (`msg_` and 21 characters of `0-9A-Za-z`), the same on every attempt and retry of this event to this endpoint. Process each id once.
         * @example msg_Vq2tJz8YJ0c4rV5mYwQkA
         */
        WebhookIdHeader: string;
        /**
         * @description When this attempt was signed, in seconds since the Unix epoch. Standard Webhooks libraries refuse a timestamp more than 5 minutes away from their clock (replays).
         * @example 1763717400
         */
        WebhookTimestampHeader: string;
        /**
         * @description Space-separated signatures `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret in use (two for 24 hours after a rotation). Verify with a Standard Webhooks library and the endpoint's `whsec_` secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        WebhookSignatureHeader: string;
    };
    requestBodies: {
        /** @description What the caller sends, any of these types, up to the body limit (1 MiB by default): it becomes the run's `payload.body`, JSON as its value, a form as an object, text and XML as a string. No body: `payload.body` is absent. Other types (files, `multipart/form-data`, binary) are a `415`: runs hold no files. A `GET` takes no body (a `400`). */
        FlowWebhookBody: {
            content: {
                "application/json": unknown;
                "application/x-www-form-urlencoded": components["schemas"]["FlowWebhookFormBody"];
                "text/*": string;
                "application/xml": string;
            };
        };
    };
    headers: {
        /** @description Id of this request (the caller's own `X-Request-Id` when it was well formed, 1–128 characters of `0-9A-Za-z._-`; else a new one). Quote it when reporting a problem. */
        "X-Request-Id": string;
        /**
         * @description What is left of your quota under each rate-limit policy (IETF RateLimit header fields, draft 8):
         *     the policy's name, `r` the requests remaining, `t` the seconds until the window resets. Absent when
         *     rate limiting is turned off.
         */
        RateLimit: string;
        /**
         * @description The rate-limit policies that apply to this request (IETF RateLimit header fields, draft 8): the
         *     policy's name, `q` the quota, `w` the window in seconds and `pk` a digest of the partition key
         *     (your API key or address). Absent when rate limiting is turned off.
         */
        "RateLimit-Policy": string;
        /**
         * @description CORS: the browser origin allowed to read this response, sent only when the request's `Origin` is
         *     one of the origins the service is configured to allow (`CORS_ORIGINS`). Absent otherwise, and for
         *     clients that are not browsers.
         */
        "Access-Control-Allow-Origin": string;
        /** @description The authentication scheme the service expects. */
        "WWW-Authenticate": string;
        /** @description Seconds to wait before sending another request. */
        "Retry-After": string;
        /** @description `true` when this response is the stored answer to an earlier request of the same API key with the same `Idempotency-Key`, not a new create. Absent otherwise. */
        "Idempotent-Replayed": "true";
        /** @description The flow's revision as an entity tag (`"9"`): it changes with every change of the flow (any operation of `updateFlow`), whichever version is shown. Send it back in `If-Match` to make a change only if nobody changed the flow since. */
        ETag: string;
        /** @description Id of the run the request queued (`getFlowRun` reads it). */
        "X-Flow-Run-Id": components["schemas"]["Id"];
        /** @description The reference product's header for the webhook request's id; here the id of the run it queued, as `X-Flow-Run-Id`. */
        "X-Webhook-Id": components["schemas"]["Id"];
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listFlows: {
        parameters: {
            query: {
                /** @description The project whose records to list (404 when it is not a project of your platform). */
                projectId: components["parameters"]["ProjectIdQuery"];
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
                /** @description Only flows in this folder (a folder of listFolders); an id that is no folder of the project lists nothing. */
                folderId?: components["schemas"]["Id"];
                /** @description Only flows with one of these statuses (repeat the parameter for several). */
                status?: components["schemas"]["FlowStatus"][];
                /** @description Only flows whose version's `displayName` contains this text, ignoring case. */
                name?: string;
                /** @description Which version each flow is returned with, `DRAFT` (latest, the default) or `LOCKED` (published; unpublished flows are left out). */
                versionState?: components["schemas"]["FlowVersionState"];
                /** @description Only flows with one of these external ids, compared in Unicode normal form C (NFC) (repeat the parameter for several). */
                externalIds?: string[];
                /** @description Only flows whose shown version (see `versionState`) uses an app connection with one of these external ids, as in its `connectionIds`, compared in Unicode normal form C (NFC) (repeat the parameter for several). */
                connectionExternalIds?: string[];
                /** @description Only flows whose shown version (see `versionState`) uses one of these agents, as in its `agentIds`, compared in Unicode normal form C (NFC) (repeat the parameter for several). */
                agentExternalIds?: string[];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of flows. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFlow: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
                /**
                 * @description Makes the create safe to retry (as in the IETF draft `Idempotency-Key` header and Stripe's API):
                 *     a unique value of your choice per intended create, for example a UUID. Sent again within 24 hours
                 *     with the same body, the create is not repeated: the first success is answered again (same status,
                 *     body and id) with `Idempotent-Replayed: true`. The same key with another body (or on another
                 *     operation) is a `422 IDEMPOTENCY_KEY_REUSED`; while the first request is still running it is a
                 *     `409 IDEMPOTENCY_KEY_IN_USE` (retry after a moment). Keys are per API key, as Stripe keeps them:
                 *     the same value sent with another API key is another key (a new create, never another key's answer
                 *     or a `422` about its request). A request the API key may not make (its role, or a project it is
                 *     not limited to) is refused as it is without the header, before any stored answer is looked up.
                 *     Only a success is remembered, so after an error the same key can be sent again.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowCreateRequest"];
            };
        };
        responses: {
            /** @description The new flow with its first version. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Flow"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFlow: {
        parameters: {
            query?: {
                /** @description Return the flow with this version instead of the latest. */
                versionId?: components["schemas"]["Id"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The flow. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Flow"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFlow: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the change only if the flow is still as it was read: the `ETag` of a `getFlow` or
                 *     `updateFlow` answer (several may be listed, comma-separated; `*` matches any flow). When the flow
                 *     changed since, the answer is `412 PRECONDITION_FAILED` and nothing changes. Weak tags (`W/"..."`) never match, as RFC 9110 says for `If-Match`. Without the header
                 *     the operation applies to the flow as it is (every operation is atomic either way).
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowOperationRequest"];
            };
        };
        responses: {
            /** @description The flow with its latest version, after the operation. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Flow"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["FlowOperationConflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteFlow: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example fLwOLd0AuDiT7hOoK5xQz
                 */
                id: components["parameters"]["FlowIdPathToDelete"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The flow, its versions and its runs are deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFlowVersions: {
        parameters: {
            query?: {
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example tDVKg7394Qn7RoH23PSVU
                 */
                id: components["parameters"]["FlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the flow's versions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowVersionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    exportFlowAsTemplate: {
        parameters: {
            query?: {
                /** @description Export this version instead of the latest. */
                versionId?: components["schemas"]["Id"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example tDVKg7394Qn7RoH23PSVU
                 */
                id: components["parameters"]["FlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version, as a body for createFlowTemplate. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowTemplateExport"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFolders: {
        parameters: {
            query: {
                /** @description The project whose records to list (404 when it is not a project of your platform). */
                projectId: components["parameters"]["ProjectIdQuery"];
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of folders. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFolder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FolderCreateRequest"];
            };
        };
        responses: {
            /** @description The new folder. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Folder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["FolderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFolder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The folder. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Folder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFolder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FolderUpdateRequest"];
            };
        };
        responses: {
            /** @description The renamed folder. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Folder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["FolderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteFolder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the folder to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Fo1dArch1veQrt7wYc2Nb
                 */
                id: components["parameters"]["FolderIdPathToDelete"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The folder is deleted; its flows are in no folder. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFlowRuns: {
        parameters: {
            query: {
                /** @description The project whose records to list (404 when it is not a project of your platform). */
                projectId: components["parameters"]["ProjectIdQuery"];
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
                /** @description Only runs of these flows (repeat the parameter for several). */
                flowId?: components["schemas"]["Id"][];
                /** @description Only the runs with these ids (repeat the parameter for several); the other filters still apply. */
                flowRunIds?: components["schemas"]["Id"][];
                /** @description Only runs with one of these statuses (repeat the parameter for several). */
                status?: components["schemas"]["FlowRunStatus"][];
                /** @description Only runs carrying all of these tags (repeat the parameter for several). */
                tags?: string[];
                /** @description Only runs created at or after this time. */
                createdAfter?: components["schemas"]["Timestamp"];
                /** @description Only runs created at or before this time. */
                createdBefore?: components["schemas"]["Timestamp"];
                /** @description Only runs that failed at the step of this name. */
                failedStepName?: string;
                /** @description Whether archived runs (`archiveFlowRuns`) are listed too; `false`, the default, leaves them out. */
                includeArchived?: boolean;
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRunPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFlowRun: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
                /**
                 * @description Makes the create safe to retry (as in the IETF draft `Idempotency-Key` header and Stripe's API):
                 *     a unique value of your choice per intended create, for example a UUID. Sent again within 24 hours
                 *     with the same body, the create is not repeated: the first success is answered again (same status,
                 *     body and id) with `Idempotent-Replayed: true`. The same key with another body (or on another
                 *     operation) is a `422 IDEMPOTENCY_KEY_REUSED`; while the first request is still running it is a
                 *     `409 IDEMPOTENCY_KEY_IN_USE` (retry after a moment). Keys are per API key, as Stripe keeps them:
                 *     the same value sent with another API key is another key (a new create, never another key's answer
                 *     or a `422` about its request). A request the API key may not make (its role, or a project it is
                 *     not limited to) is refused as it is without the header, before any stored answer is looked up.
                 *     Only a success is remembered, so after an error the same key can be sent again.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRunCreateRequest"];
            };
        };
        responses: {
            /** @description The run, recorded. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFlowRun: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFlowRun: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRunUpdateRequest"];
            };
        };
        responses: {
            /** @description The run after the update. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["FlowRunLeaseConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    leaseFlowRuns: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRunLeaseRequest"];
            };
        };
        responses: {
            /** @description The runs leased (none when none was due). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRunLeasePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    heartbeatFlowRun: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the run (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example H2kT9wQ4mX7nR3vL8yB5c
                 */
                id: components["schemas"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRunHeartbeatRequest"];
            };
        };
        responses: {
            /** @description The lease, extended. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRunHeartbeat"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["FlowRunLeaseConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    queueFlowRun: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRunQueueRequest"];
            };
        };
        responses: {
            /** @description The run, queued. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["FlowOperationConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retryFlowRun: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRunRetryRequest"];
            };
        };
        responses: {
            /** @description The run, queued again. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["FlowRunConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    cancelFlowRuns: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRunCancelRequest"];
            };
        };
        responses: {
            /** @description What was cancelled and what was asked to stop. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRunCancelResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retryFlowRuns: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRunBulkRetryRequest"];
            };
        };
        responses: {
            /** @description What was queued again. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRunBulkRetryResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    archiveFlowRuns: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRunArchiveRequest"];
            };
        };
        responses: {
            /** @description What was archived. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowRunArchiveResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    callFlowWebhookGet: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run is queued. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowWebhookAccepted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    callFlowWebhookPut: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["FlowWebhookBody"];
        responses: {
            /** @description The run is queued. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowWebhookAccepted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    callFlowWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["FlowWebhookBody"];
        responses: {
            /** @description The run is queued. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowWebhookAccepted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    callFlowWebhookDelete: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["FlowWebhookBody"];
        responses: {
            /** @description The run is queued. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowWebhookAccepted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    callFlowWebhookPatch: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["FlowWebhookBody"];
        responses: {
            /** @description The run is queued. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowWebhookAccepted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    callFlowWebhookSyncGet: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run ended `SUCCEEDED` without giving an answer. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            408: components["responses"]["FlowWebhookTimeout"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["FlowWebhookNoAnswer"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description The run's answer, as its engine gave it (`FlowRunWebhookResponse`): its status, headers and body. */
            default: {
                headers: {
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": unknown;
                };
            };
        };
    };
    callFlowWebhookSyncPut: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["FlowWebhookBody"];
        responses: {
            /** @description The run ended `SUCCEEDED` without giving an answer. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            408: components["responses"]["FlowWebhookTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["FlowWebhookNoAnswer"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description The run's answer, as its engine gave it (`FlowRunWebhookResponse`): its status, headers and body. */
            default: {
                headers: {
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": unknown;
                };
            };
        };
    };
    callFlowWebhookSync: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["FlowWebhookBody"];
        responses: {
            /** @description The run ended `SUCCEEDED` without giving an answer. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            408: components["responses"]["FlowWebhookTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["FlowWebhookNoAnswer"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description The run's answer, as its engine gave it (`FlowRunWebhookResponse`): its status, headers and body. */
            default: {
                headers: {
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": unknown;
                };
            };
        };
    };
    callFlowWebhookSyncDelete: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["FlowWebhookBody"];
        responses: {
            /** @description The run ended `SUCCEEDED` without giving an answer. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            408: components["responses"]["FlowWebhookTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["FlowWebhookNoAnswer"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description The run's answer, as its engine gave it (`FlowRunWebhookResponse`): its status, headers and body. */
            default: {
                headers: {
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": unknown;
                };
            };
        };
    };
    callFlowWebhookSyncPatch: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow whose webhook is called (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Wq4Hn8Rt2Lm6Yx1Zb9KcP
                 */
                flowId: components["parameters"]["WebhookFlowIdPath"];
            };
            cookie?: never;
        };
        requestBody?: components["requestBodies"]["FlowWebhookBody"];
        responses: {
            /** @description The run ended `SUCCEEDED` without giving an answer. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["FlowWebhookUnauthorized"];
            404: components["responses"]["FlowWebhookNotFound"];
            408: components["responses"]["FlowWebhookTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["FlowWebhookNoAnswer"];
            503: components["responses"]["ServiceUnavailable"];
            /** @description The run's answer, as its engine gave it (`FlowRunWebhookResponse`): its status, headers and body. */
            default: {
                headers: {
                    "X-Flow-Run-Id": components["headers"]["X-Flow-Run-Id"];
                    "X-Webhook-Id": components["headers"]["X-Webhook-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": unknown;
                };
            };
        };
    };
    listAppConnections: {
        parameters: {
            query: {
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description The project whose records to list (404 when it is not a project of your platform). */
                projectId: components["parameters"]["ProjectIdQuery"];
                /** @description Only connections of this scope. */
                scope?: components["schemas"]["AppConnectionScope"];
                /** @description Only connections of this piece (exact name). */
                pieceName?: string;
                /** @description Only connections whose `displayName` contains this text, ignoring case. */
                displayName?: string;
                /** @description Only connections with one of these statuses (repeat the parameter for several). */
                status?: components["schemas"]["AppConnectionStatus"][];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of connections. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConnectionPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    upsertAppConnection: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppConnectionUpsertRequest"];
            };
        };
        responses: {
            /** @description The connection replaced (the project had one with this `externalId`), without its value. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConnection"];
                };
            };
            /** @description The connection made, without its value. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConnection"];
                };
            };
            /** @description The request does not match the contract (`VALIDATION`): every violation is listed in `errors`; a `value` of another shape than its `type` names the fields of that shape; an OAuth2 authorization `code` names `/value/code`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAppConnection: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection, without its value. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConnection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateAppConnection: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppConnectionUpdateRequest"];
            };
        };
        responses: {
            /** @description The renamed connection, without its value. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConnection"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteAppConnection: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the app connection to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example Sl4ckSupp0rtQrt7wYc2N
                 */
                id: components["parameters"]["AppConnectionIdPathToDelete"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection and its value are deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAppConnectionValue: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection and its credential. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppConnectionWithValue"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 50. */
                limit?: components["parameters"]["ProjectLimit"];
                /** @description Only projects of these types (repeat the parameter for several). */
                types?: components["schemas"]["ProjectType"][];
                /** @description Only projects whose `displayName` contains this text, ignoring case. */
                displayName?: string;
                /** @description Only the record with this external id, compared in Unicode normal form C (NFC, the form external ids are stored in), white space included. */
                externalId?: components["parameters"]["ExternalIdQuery"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of projects. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
                /**
                 * @description Makes the create safe to retry (as in the IETF draft `Idempotency-Key` header and Stripe's API):
                 *     a unique value of your choice per intended create, for example a UUID. Sent again within 24 hours
                 *     with the same body, the create is not repeated: the first success is answered again (same status,
                 *     body and id) with `Idempotent-Replayed: true`. The same key with another body (or on another
                 *     operation) is a `422 IDEMPOTENCY_KEY_REUSED`; while the first request is still running it is a
                 *     `409 IDEMPOTENCY_KEY_IN_USE` (retry after a moment). Keys are per API key, as Stripe keeps them:
                 *     the same value sent with another API key is another key (a new create, never another key's answer
                 *     or a `422` about its request). A request the API key may not make (its role, or a project it is
                 *     not limited to) is refused as it is without the header, before any stored answer is looked up.
                 *     Only a success is remembered, so after an error the same key can be sent again.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectCreateRequest"];
            };
        };
        responses: {
            /** @description The new project. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["ProjectCreateConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectUpdateRequest"];
            };
        };
        responses: {
            /** @description The project after the update. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ProjectConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the project to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example mKtG7pQ2vX9rL4nW8cYd1
                 */
                id: components["parameters"]["ProjectIdPathToDelete"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project and what was only its are deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ProjectDeleteConflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
                /** @description Only the record with this external id, compared in Unicode normal form C (NFC, the form external ids are stored in), white space included. */
                externalId?: components["parameters"]["ExternalIdQuery"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreateRequest"];
            };
        };
        responses: {
            /** @description The user made. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["UserConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdateRequest"];
            };
        };
        responses: {
            /** @description The user after the update. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["UserUpdateConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the user to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example T1mB3rnersLee0000Www1
                 */
                id: components["parameters"]["UserIdPathToDelete"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user is deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["UserDeleteConflict"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFlowTemplates: {
        parameters: {
            query?: {
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
                /** @description Only templates carrying at least one of these tags, compared exactly (repeat the parameter for several). */
                tags?: string[];
                /** @description Only templates of this type. */
                type?: components["schemas"]["FlowTemplateType"];
                /** @description Only templates whose flow's `template.displayName` contains this text, ignoring case. */
                name?: string;
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of templates. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowTemplatePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFlowTemplate: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
                /**
                 * @description Makes the create safe to retry (as in the IETF draft `Idempotency-Key` header and Stripe's API):
                 *     a unique value of your choice per intended create, for example a UUID. Sent again within 24 hours
                 *     with the same body, the create is not repeated: the first success is answered again (same status,
                 *     body and id) with `Idempotent-Replayed: true`. The same key with another body (or on another
                 *     operation) is a `422 IDEMPOTENCY_KEY_REUSED`; while the first request is still running it is a
                 *     `409 IDEMPOTENCY_KEY_IN_USE` (retry after a moment). Keys are per API key, as Stripe keeps them:
                 *     the same value sent with another API key is another key (a new create, never another key's answer
                 *     or a `422` about its request). A request the API key may not make (its role, or a project it is
                 *     not limited to) is refused as it is without the header, before any stored answer is looked up.
                 *     Only a success is remembered, so after an error the same key can be sent again.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowTemplateCreateRequest"];
            };
        };
        responses: {
            /** @description The stored template. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowTemplate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["IdempotencyKeyInUse"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFlowTemplate: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowTemplate"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteFlowTemplate: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the flow template to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example 5qmarZTK2oTYmtgQ3auXH
                 */
                id: components["parameters"]["FlowTemplateIdPathToDelete"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template is deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listMcpServers: {
        parameters: {
            query: {
                /** @description The project whose records to list (404 when it is not a project of your platform). */
                projectId: components["parameters"]["ProjectIdQuery"];
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
                /** @description Only servers whose `name` contains this text, ignoring case. */
                name?: string;
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of MCP servers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServerPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateMcpServer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["McpServerUpdateRequest"];
            };
        };
        responses: {
            /** @description The server with its tools. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateMcpServerToken: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server with its new token. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpServer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    callMcpServer: {
        parameters: {
            query?: {
                /**
                 * @description The MCP server's token, for MCP clients that cannot send an `Authorization` header. Prefer the
                 *     header: a URL's query ends up in proxies' and clients' logs. When both are sent, the header is
                 *     the one checked.
                 */
                token?: components["parameters"]["McpTokenQuery"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the MCP server (`id` of `listMcpServers`; 21 characters from `0-9A-Za-z`). An unknown id is the same `401` as a wrong token.
                 * @example G6T3H6nQQMRDy6C0PmltB
                 */
                id: components["parameters"]["McpServerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["McpJsonRpcMessage"];
            };
        };
        responses: {
            /** @description The answer to the request, a result or a protocol error. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpJsonRpcResponse"];
                };
            };
            /** @description A notification (a message without `id`) was taken; no body. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not JSON (`-32700`), or not one JSON-RPC message as the contract declares it (`-32600`, with the violations in `data`): a batch, a member JSON-RPC has not, a missing `jsonrpc` or `method`; or a parameter of the request breaks the contract. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpJsonRpcError"];
                };
            };
            /** @description The MCP server's token is missing or wrong, or the server does not exist (`-32001`); the same answer for each. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description Always `Bearer realm="mcp"`. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpJsonRpcError"];
                };
            };
            /** @description The `Accept` header does not list both `application/json` and `text/event-stream` (`-32000`). */
            406: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpJsonRpcError"];
                };
            };
            /** @description The body is larger than the body limit (`-32000`). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpJsonRpcError"];
                };
            };
            /** @description The body is not `application/json` (`-32000`). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpJsonRpcError"];
                };
            };
            /** @description Too many requests with this token, or, without a valid one, from this client address (`-32000`). Wait `Retry-After` seconds. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpJsonRpcError"];
                };
            };
            /** @description An error of the service (`-32603`). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpJsonRpcError"];
                };
            };
            /** @description The service cannot reach its store (`-32000`); retry later. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["McpJsonRpcError"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of API keys. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyCreateRequest"];
            };
        };
        responses: {
            /** @description The new key with its secret, shown this once. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /** @description Id of the record (21 characters from `0-9A-Za-z`; any other form is a 400). */
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key that was revoked. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of webhook endpoints. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointCreateRequest"];
            };
        };
        responses: {
            /** @description The new endpoint, with its signing secret (shown this once). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["WebhookEndpointLimitReached"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the webhook endpoint (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example wHk3nD9pQx2LmZr7YbT4c
                 */
                id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the webhook endpoint (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example wHk3nD9pQx2LmZr7YbT4c
                 */
                id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointUpdateRequest"];
            };
        };
        responses: {
            /** @description The endpoint after the update. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the webhook endpoint to delete (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example wHkOLd0AuDiT7hOoK5xQz
                 */
                id: components["parameters"]["WebhookEndpointIdPathToDelete"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the webhook endpoint (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example wHk3nD9pQx2LmZr7YbT4c
                 */
                id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    sendWebhookTestEvent: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the webhook endpoint (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example wHk3nD9pQx2LmZr7YbT4c
                 */
                id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event's delivery, queued. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description The `next` or `previous` of an earlier page of the same list with the same filters. A cursor that does not decode is a 400. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size, 1 to 100. Default 10. */
                limit?: components["parameters"]["Limit"];
            };
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the webhook endpoint (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example wHk3nD9pQx2LmZr7YbT4c
                 */
                id: components["parameters"]["WebhookEndpointIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path: {
                /**
                 * @description Id of the webhook endpoint (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example wHk3nD9pQx2LmZr7YbT4c
                 */
                id: components["parameters"]["WebhookEndpointIdPath"];
                /**
                 * @description Id of the delivery (21 characters from `0-9A-Za-z`; any other form is a 400).
                 * @example dLv5Kq8mZp3RxT7wYc2Nb
                 */
                deliveryId: components["parameters"]["DeliveryIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery, queued again. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your id for this request, to find it in the service's logs and in a Problem's `requestId`. Echoed in the response's `X-Request-Id` when it is 1–128 characters of `0-9A-Za-z._-`; otherwise (or when absent) the service makes one.
                 * @example checkout-7f3a9c
                 */
                "X-Request-Id"?: components["parameters"]["RequestIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
