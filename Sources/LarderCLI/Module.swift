// placeholder until the module gets code
