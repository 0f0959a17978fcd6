// ADD_NOTE, UPDATE_NOTE and DELETE_NOTE: one sticky note of the draft's canvas, as Activepieces'
// `notesOperations` change it. Where those answer 200 and do something else, this refuses: an id
// another note has (Activepieces adds a second note with it, which every later change of that id
// then changes too), a note that is not there (Activepieces changes nothing).
import type { components } from '../../../generated/api';
import { notFound } from '../../core/errors';
import type { Definition, FlowNote } from './definition';
import { operationConflict } from './errors';

type Schemas = components['schemas'];
export type AddNoteRequest = Schemas['FlowOperationAddNote']['request'];
export type UpdateNoteRequest = Schemas['FlowOperationUpdateNote']['request'];
export type DeleteNoteRequest = Schemas['FlowOperationDeleteNote']['request'];

/** A version holds at most this many notes (FlowVersion's `notes`). */
const MAX_NOTES = 100;

function indexOfNote(definition: Definition, id: string): number {
  const index = definition.notes.findIndex((note) => note.id === id);
  if (index < 0) throw notFound('note', id);
  return index;
}

/** The note, written by `ownerId`, added last. */
export function addNote(definition: Definition, request: AddNoteRequest, ownerId: string, now: string): void {
  if (definition.notes.some((note) => note.id === request.id))
    throw operationConflict(
      'NOTE_ID_USED',
      `/request/id: another note of the version is already ${request.id}; note ids are unique within a version.`,
      { noteId: request.id },
    );
  if (definition.notes.length >= MAX_NOTES)
    throw operationConflict(
      'TOO_MANY_NOTES',
      `The version has ${definition.notes.length} notes, the most it may have.`,
    );
  definition.notes = [...definition.notes, { ...request, ownerId, createdAt: now, updatedAt: now }];
}

export function updateNote(definition: Definition, request: UpdateNoteRequest, now: string): void {
  const index = indexOfNote(definition, request.id);
  const notes = [...definition.notes];
  notes[index] = { ...(notes[index] as FlowNote), ...request, updatedAt: now };
  definition.notes = notes;
}

export function deleteNote(definition: Definition, request: DeleteNoteRequest): void {
  const index = indexOfNote(definition, request.id);
  definition.notes = definition.notes.filter((_note, at) => at !== index);
}
