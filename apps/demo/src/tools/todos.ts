import { type AnyTool, createTool, type Toolbox } from '@armorer/core';
import { z } from 'zod';

/** One todo item. */
export interface Todo {
  readonly id: number;
  readonly title: string;
  readonly owner: string;
  readonly due: string | undefined;
  readonly done: boolean;
}

/** A tiny in-memory todo store; one per demo run so runs never share state. */
export class TodoStore {
  readonly #items = new Map<number, Todo>();
  #nextId = 1;

  add(title: string, owner: string, due: string | undefined): Todo {
    const todo: Todo = { id: this.#nextId++, title, owner, due, done: false };
    this.#items.set(todo.id, todo);
    return todo;
  }

  complete(id: number): Todo {
    const todo = this.#items.get(id);
    if (todo === undefined) throw new Error(`There is no todo with id ${id}.`);
    const done = { ...todo, done: true };
    this.#items.set(id, done);
    return done;
  }

  list(owner: string): readonly Todo[] {
    return [...this.#items.values()].filter((todo) => todo.owner === owner);
  }
}

/** The context the demo toolbox shares with its tools. */
export interface DemoContext {
  readonly user: string;
  readonly timeZone: string;
}

/** Creates the todo tools and registers them in `toolbox` in one step; they read `context.user`. */
export function registerTodoTools(toolbox: Toolbox<AnyTool, DemoContext>, store: TodoStore) {
  const addTodo = createTool(
    {
      name: 'add-todo',
      description: 'Add a todo item for the current user.',
      input: z.object({ title: z.string().min(1).max(120), due: z.iso.date().optional() }),
      tags: ['todo'],
      metadata: { mutates: true },
      async execute({ title, due }, context) {
        return store.add(title, context.user, due);
      },
    },
    toolbox,
  );
  const completeTodo = createTool(
    {
      name: 'complete-todo',
      description: 'Mark a todo item as done.',
      input: { id: z.number().int().positive() },
      tags: ['todo'],
      metadata: { mutates: true },
      async execute({ id }) {
        return store.complete(id);
      },
    },
    toolbox,
  );
  const listTodos = createTool(
    {
      name: 'list-todos',
      description: "List the current user's todo items.",
      tags: ['todo'],
      metadata: { readOnly: true },
      async execute(_params, context) {
        return store.list(context.user);
      },
    },
    toolbox,
  );
  return { addTodo, completeTodo, listTodos };
}
