fn main() {
    yew::Renderer::<mixua_playground::App>::new().render();
}
