return args;
