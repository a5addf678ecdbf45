"""The smallest Gridbook plugin: =HELLO(name) and a greeting agent.

Gridbook imports this file in its plugin host (a separate Python process) and calls
register(kernel) once. Everything the plugin offers is declared there.
"""


def register(kernel):
    @kernel.formula("HELLO")
    def hello(name=None):
        # An empty cell arrives as None; a number as a float.
        if name is None or name == "":
            name = "world"
        if isinstance(name, float) and name.is_integer():
            name = int(name)
        return f"Hello, {name}!"

    kernel.agent(
        {
            "id": "hello",
            "display_name": "Hello",
            "router_description": "Writes short greetings and welcome messages into cells",
            "system_prompt": (
                "You write short, friendly greetings. Put each greeting in its own cell, "
                "one per row, starting at the selected cell."
            ),
        }
    )
