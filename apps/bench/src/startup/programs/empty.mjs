// Reference: a program that does nothing, the runtime's own start-up.
