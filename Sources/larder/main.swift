import LarderCLI

await LarderCommand.runMain()
